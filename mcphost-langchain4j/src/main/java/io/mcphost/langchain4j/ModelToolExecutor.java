package io.mcphost.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolExecutor;
import io.mcphost.protocol.McpException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * An executor for a tool the model calls with JSON arguments: arguments that are not JSON, and a refusal
 * ({@link McpException}, or {@link IllegalArgumentException} for an argument the tool cannot take), become
 * error results the model reads, so a model's mistake never escapes into the AI service as an exception.
 * The one place this provider's tools (a server's, the resource and prompt tools, the skill tools) read
 * what the model sent. Thread-safe when {@link #call} is.
 */
abstract class ModelToolExecutor implements ToolExecutor {

    @Override
    public final String execute(ToolExecutionRequest request, Object memoryId) {
        return run(request, InvocationContext.builder().chatMemoryId(memoryId).timestampNow().build()).resultText();
    }

    @Override
    public final ToolExecutionResult executeWithContext(ToolExecutionRequest request, InvocationContext context) {
        return run(request, context);
    }

    private ToolExecutionResult run(ToolExecutionRequest request, InvocationContext context) {
        JsonNode arguments;
        try {
            String json = request.arguments();
            // Blank means no arguments: models send "" for a tool without parameters.
            arguments = json == null || json.isBlank() ? McpToolProvider.JSON.createObjectNode() : McpToolProvider.JSON.readTree(json);
        } catch (JacksonException e) {
            return error("the arguments are not valid JSON: " + e.getOriginalMessage());
        }
        try {
            return call(arguments, context);
        } catch (McpException | IllegalArgumentException e) {
            return error(e.getMessage());
        }
    }

    /** Runs the tool with the model's parsed arguments (an object node when the model sent none). */
    abstract ToolExecutionResult call(JsonNode arguments, InvocationContext context);

    static ToolExecutionResult text(String text) {
        return ToolExecutionResult.builder().resultText(text).build();
    }

    static ToolExecutionResult error(String text) {
        return ToolExecutionResult.builder().isError(true).resultText(text).build();
    }
}
