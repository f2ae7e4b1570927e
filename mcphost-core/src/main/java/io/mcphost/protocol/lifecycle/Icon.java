package io.mcphost.protocol.lifecycle;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An icon a server, tool, resource or prompt may show (2025-11-25).
 *
 * @param src      an http(s) or data: URI of the image
 * @param mimeType the image type, when given
 * @param sizes    sizes such as {@code "48x48"} or {@code "any"}
 * @param theme    {@code "light"} or {@code "dark"}, when the icon is meant for one
 */
public record Icon(String src, Optional<String> mimeType, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> sizes, Optional<String> theme) {
    public Icon {
        Objects.requireNonNull(src, "src");
        mimeType = mimeType == null ? Optional.empty() : mimeType;
        sizes = sizes == null ? List.of() : List.copyOf(sizes);
        theme = theme == null ? Optional.empty() : theme;
    }
}
