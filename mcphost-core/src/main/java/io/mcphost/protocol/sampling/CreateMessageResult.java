package io.mcphost.protocol.sampling;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.mcphost.protocol.content.Role;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The answer to {@code sampling/createMessage}: the model's message. Immutable and thread-safe.
 * {@code content} is written as in {@link SamplingMessage}: one block alone, several as an array.
 *
 * @param role       who speaks, normally {@link Role#ASSISTANT}
 * @param content    the generated blocks, at least one; {@link ToolUseContent} blocks when the model calls tools
 * @param model      the name of the model that answered
 * @param stopReason why generation stopped: {@value #END_TURN}, {@value #STOP_SEQUENCE}, {@value #MAX_TOKENS},
 *                   {@value #TOOL_USE} or a provider-specific value
 * @param meta       {@code _meta}
 */
public record CreateMessageResult(Role role,
                                  @JsonFormat(with = {JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY,
                                          JsonFormat.Feature.WRITE_SINGLE_ELEM_ARRAYS_UNWRAPPED})
                                  List<SamplingContent> content,
                                  String model, Optional<String> stopReason,
                                  @JsonProperty("_meta") Optional<JsonNode> meta) {
    /** The model finished its turn. */
    public static final String END_TURN = "endTurn";
    /** The model produced one of the request's stop sequences. */
    public static final String STOP_SEQUENCE = "stopSequence";
    /** The model reached {@code maxTokens}. */
    public static final String MAX_TOKENS = "maxTokens";
    /** The model wants tools called (2025-11-25); the content holds {@link ToolUseContent} blocks. */
    public static final String TOOL_USE = "toolUse";

    public CreateMessageResult {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(content, "content");
        content = List.copyOf(content);
        if (content.isEmpty()) {
            throw new IllegalArgumentException("a sampling result needs at least one content block");
        }
        Objects.requireNonNull(model, "model");
        stopReason = stopReason == null ? Optional.empty() : stopReason;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    /** An assistant text answer that ended its turn. */
    public static CreateMessageResult text(String model, String text) {
        return new CreateMessageResult(Role.ASSISTANT, List.of(SamplingContent.text(text)), model, Optional.of(END_TURN),
                Optional.empty());
    }

    /** An assistant answer asking for tool calls. */
    public static CreateMessageResult toolUse(String model, List<ToolUseContent> toolUses) {
        return new CreateMessageResult(Role.ASSISTANT, List.copyOf(toolUses), model, Optional.of(TOOL_USE), Optional.empty());
    }

    /** The tool uses in the content, in order; empty when the model called no tool. */
    public List<ToolUseContent> toolUses() {
        return content.stream().filter(ToolUseContent.class::isInstance).map(ToolUseContent.class::cast).toList();
    }
}
