package io.mcphost.protocol.sampling;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.mcphost.protocol.content.Role;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * One message of a sampling conversation. Immutable and thread-safe.
 *
 * <p>On the wire {@code content} is one block or (2025-11-25) an array of blocks. Both read into a list; a
 * one-block list is written as a single block, which every revision accepts, and longer lists as an array.
 *
 * @param role    who speaks
 * @param content the blocks, at least one
 * @param meta    {@code _meta}
 */
public record SamplingMessage(Role role,
                              @JsonFormat(with = {JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY,
                                      JsonFormat.Feature.WRITE_SINGLE_ELEM_ARRAYS_UNWRAPPED})
                              List<SamplingContent> content,
                              @JsonProperty("_meta") Optional<JsonNode> meta) {
    public SamplingMessage {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(content, "content");
        content = List.copyOf(content);
        if (content.isEmpty()) {
            throw new IllegalArgumentException("a sampling message needs at least one content block");
        }
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    /** A user message with one text block. */
    public static SamplingMessage user(String text) {
        return of(Role.USER, SamplingContent.text(text));
    }

    /** An assistant message with one text block. */
    public static SamplingMessage assistant(String text) {
        return of(Role.ASSISTANT, SamplingContent.text(text));
    }

    /** A message of the given blocks. */
    public static SamplingMessage of(Role role, SamplingContent... content) {
        return new SamplingMessage(role, List.of(content), Optional.empty());
    }
}
