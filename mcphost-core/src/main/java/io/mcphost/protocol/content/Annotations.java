package io.mcphost.protocol.content;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Optional;

/**
 * Hints about how content is meant to be used.
 *
 * @param audience     who the content is for
 * @param priority     importance from 0 (least) to 1 (most), when given
 * @param lastModified ISO-8601 time of the last change, when given
 */
public record Annotations(@JsonInclude(JsonInclude.Include.NON_EMPTY) List<Role> audience, Optional<Double> priority, Optional<String> lastModified) {
    public Annotations {
        audience = audience == null ? List.of() : List.copyOf(audience);
        priority = priority == null ? Optional.empty() : priority;
        lastModified = lastModified == null ? Optional.empty() : lastModified;
    }
}
