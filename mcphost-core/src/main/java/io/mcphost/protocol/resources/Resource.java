package io.mcphost.protocol.resources;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.mcphost.protocol.content.Annotations;
import io.mcphost.protocol.lifecycle.Icon;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** A resource a server offers for reading. */
public record Resource(String uri, String name, Optional<String> title, Optional<String> description,
                       Optional<String> mimeType, Optional<Long> size, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Icon> icons,
                       Optional<Annotations> annotations, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public Resource {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(name, "name");
        title = title == null ? Optional.empty() : title;
        description = description == null ? Optional.empty() : description;
        mimeType = mimeType == null ? Optional.empty() : mimeType;
        size = size == null ? Optional.empty() : size;
        icons = icons == null ? List.of() : List.copyOf(icons);
        annotations = annotations == null ? Optional.empty() : annotations;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    public static Resource of(String uri, String name, String description, String mimeType) {
        return new Resource(uri, name, null, Optional.ofNullable(description), Optional.ofNullable(mimeType),
                null, null, null, null);
    }
}
