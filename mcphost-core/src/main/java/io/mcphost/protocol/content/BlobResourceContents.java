package io.mcphost.protocol.content;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** Binary contents of a resource, base64-encoded in {@code blob}. */
public record BlobResourceContents(String uri, Optional<String> mimeType, String blob,
                                   @JsonProperty("_meta") Optional<JsonNode> meta) implements ResourceContents {
    public BlobResourceContents {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(blob, "blob");
        mimeType = mimeType == null ? Optional.empty() : mimeType;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    public static BlobResourceContents of(String uri, String mimeType, String base64Blob) {
        return new BlobResourceContents(uri, Optional.ofNullable(mimeType), base64Blob, Optional.empty());
    }
}
