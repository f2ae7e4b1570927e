package io.mcphost.springai;

import io.mcphost.host.ModelText;
import io.mcphost.client.CallOptions;
import io.mcphost.host.McpHost;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.tools.CallToolResult;
import java.util.Objects;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.execution.ToolExecutionException;
import tools.jackson.databind.JsonNode;

/**
 * One tool of an {@link McpHost} as a Spring AI {@link ToolCallback}; made by
 * {@link McpToolCallbackProvider}. Immutable and thread-safe.
 *
 * <p>{@link #call(String)} runs the tool through {@link McpHost#callTool(String, JsonNode, CallOptions)},
 * so the host's interceptors (approval, telemetry, ...) apply, and blocks for at most the call's
 * deadline. It returns the result's text (its content blocks, one per line; its structured content
 * when it has no content). A result with {@code isError}, an {@link McpException} (timeout, server
 * unavailable, a tool no longer offered) and arguments that are not JSON are thrown as a
 * {@link ToolExecutionException}, the way Spring AI's own tools fail; its message is the text the
 * model then reads (see {@link McpToolErrorException}).
 */
public final class McpToolCallback implements ToolCallback {
    private final McpHost host;
    private final ToolDefinition definition;
    private final CallOptions options;

    McpToolCallback(McpHost host, ToolDefinition definition, CallOptions options) {
        this.host = Objects.requireNonNull(host, "host");
        this.definition = Objects.requireNonNull(definition, "definition");
        this.options = Objects.requireNonNull(options, "options");
    }

    /** The exposed name, description and input schema (JSON text) the model is offered. */
    @Override
    public ToolDefinition getToolDefinition() {
        return definition;
    }

    /**
     * Calls the tool with the model's arguments (a JSON object as text; blank means none).
     *
     * @throws ToolExecutionException if the tool reported an error or the call failed; the message is for the model
     */
    @Override
    public String call(String toolInput) {
        JsonNode arguments = ToolInput.arguments(definition, toolInput);
        CallToolResult result;
        try {
            result = host.callTool(definition.name(), arguments, options);
        } catch (McpException e) {
            throw new ToolExecutionException(definition, e);
        }
        String text = ModelText.of(result);
        if (result.isError()) {
            throw new ToolExecutionException(definition, new McpToolErrorException(definition.name(), text));
        }
        return text;
    }

    /**
     * The same as {@link #call(String)}: MCP tools take all their input from the arguments, so the
     * application's tool context is not passed on (the default of {@link ToolCallback} would refuse it).
     */
    @Override
    public String call(String toolInput, ToolContext toolContext) {
        return call(toolInput);
    }

    @Override
    public String toString() {
        return "McpToolCallback[" + definition.name() + "]";
    }
}
