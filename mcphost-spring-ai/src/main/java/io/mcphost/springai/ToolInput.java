package io.mcphost.springai;

import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.execution.ToolExecutionException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one place this module's callbacks read what the model sent: a JSON object as text, blank meaning none.
 * Text that is not JSON fails as the callback's {@link ToolExecutionException}, whose message the model reads.
 * Stateless and thread-safe.
 */
final class ToolInput {
    static final JsonMapper JSON = JsonMapper.builder().build();

    private ToolInput() {
    }

    /** The model's arguments for the tool {@code definition} describes. */
    static JsonNode arguments(ToolDefinition definition, String toolInput) {
        try {
            return toolInput == null || toolInput.isBlank() ? JSON.createObjectNode() : JSON.readTree(toolInput);
        } catch (JacksonException e) {
            throw new ToolExecutionException(definition, new IllegalArgumentException(
                    "the arguments are not valid JSON: " + e.getOriginalMessage(), e));
        }
    }
}
