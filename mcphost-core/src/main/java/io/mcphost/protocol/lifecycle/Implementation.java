package io.mcphost.protocol.lifecycle;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The name and version of an MCP client or server, as exchanged in {@code initialize}.
 *
 * @param name        a programmatic name
 * @param title       a display name, when given (2025-06-18+)
 * @param version     the implementation's version
 * @param description a short description (2025-11-25)
 * @param icons       icons (2025-11-25)
 * @param websiteUrl  the implementation's website (2025-11-25)
 */
public record Implementation(String name, Optional<String> title, String version, Optional<String> description,
                             @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Icon> icons, Optional<String> websiteUrl) {
    public Implementation {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        title = title == null ? Optional.empty() : title;
        description = description == null ? Optional.empty() : description;
        icons = icons == null ? List.of() : List.copyOf(icons);
        websiteUrl = websiteUrl == null ? Optional.empty() : websiteUrl;
    }

    public static Implementation of(String name, String version) {
        return new Implementation(name, Optional.empty(), version, Optional.empty(), List.of(), Optional.empty());
    }
}
