package io.mcphost.protocol.content;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Image content.
 *
 * @param data     the base64-encoded image data
 * @param mimeType the image's type, for example {@code image/png}
 */
public record ImageContent(String data, String mimeType, Optional<Annotations> annotations,
                           @JsonProperty("_meta") Optional<JsonNode> meta) implements ContentBlock {
    public ImageContent {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(mimeType, "mimeType");
        annotations = annotations == null ? Optional.empty() : annotations;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    public static ImageContent of(String base64Data, String mimeType) {
        return new ImageContent(base64Data, mimeType, Optional.empty(), Optional.empty());
    }

    /** The decoded size in bytes, computed from the base64 length. */
    public long sizeBytes() {
        int padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
        return Math.max(0, (long) data.length() * 3 / 4 - padding);
    }
}
