package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.completion.CompleteRequestParams;
import io.mcphost.protocol.completion.CompleteResult;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.internal.FastResults;
import io.mcphost.protocol.tools.Tool;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The typed MCP operations of a client: capability checks and decoding; tool listings and the
 * check of structured tool output are {@link ToolListing}'s, a tool call that runs as a task
 * {@link Tasks}'. Thread-safe.
 */
final class Operations {
    private static final JsonCodec CODEC = JsonCodec.get();

    private final Exchange exchange;
    private final ToolListing tools;
    private final Tasks tasks;

    Operations(Exchange exchange, ToolListing tools, Tasks tasks) {
        this.exchange = exchange;
        this.tools = tools;
        this.tasks = tasks;
    }

    Tasks tasks() {
        return tasks;
    }

    CompletableFuture<List<Tool>> listTools() {
        return tools.list();
    }

    /** The server said its tools changed (see {@link ToolListing#changed}). Never blocks. */
    void toolsChanged() {
        tools.changed();
    }

    CompletableFuture<CallToolResult> callTool(String tool, JsonNode arguments, CallOptions options) {
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(options, "options");
        exchange.require("tools", McpMethod.TOOLS_CALL);
        ObjectNode params = ToolListing.callParams(tool, arguments);
        // A tool that requires a task runs as one, unseen by the caller (Tasks).
        return tasks.callTool(tool, params, options, () -> exchange.sendOwned(McpMethod.TOOLS_CALL, params, options, result -> {
            CallToolResult decoded = CODEC.treeToValue(result, CallToolResult.class, FastResults::callToolResult);
            tools.checkStructuredContent(tool, decoded);
            return decoded;
        }));
    }

    CompletableFuture<List<Resource>> listResources() {
        exchange.require("resources", McpMethod.RESOURCES_LIST);
        return Paging.all(exchange, McpMethod.RESOURCES_LIST, "resources", Resource.class);
    }

    CompletableFuture<List<ResourceTemplate>> listResourceTemplates() {
        exchange.require("resources", McpMethod.RESOURCES_TEMPLATES_LIST);
        return Paging.all(exchange, McpMethod.RESOURCES_TEMPLATES_LIST, "resourceTemplates", ResourceTemplate.class);
    }

    CompletableFuture<ReadResourceResult> readResource(String uri, CallOptions options) {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(options, "options");
        exchange.require("resources", McpMethod.RESOURCES_READ);
        ObjectNode params = CODEC.newObject().put("uri", uri);
        return exchange.send(McpMethod.RESOURCES_READ, params, options,
                result -> CODEC.treeToValue(result, ReadResourceResult.class));
    }

    CompletableFuture<List<Prompt>> listPrompts() {
        exchange.require("prompts", McpMethod.PROMPTS_LIST);
        return Paging.all(exchange, McpMethod.PROMPTS_LIST, "prompts", Prompt.class);
    }

    CompletableFuture<GetPromptResult> getPrompt(String prompt, Map<String, String> arguments, CallOptions options) {
        Objects.requireNonNull(prompt, "prompt");
        Objects.requireNonNull(options, "options");
        exchange.require("prompts", McpMethod.PROMPTS_GET);
        ObjectNode params = CODEC.newObject().put("name", prompt);
        if (arguments != null && !arguments.isEmpty()) {
            ObjectNode args = params.putObject("arguments");
            arguments.forEach(args::put);
        }
        return exchange.send(McpMethod.PROMPTS_GET, params, options,
                result -> CODEC.treeToValue(result, GetPromptResult.class));
    }

    CompletableFuture<CompleteResult> complete(CompleteRequestParams request) {
        Objects.requireNonNull(request, "request");
        // 2024-11-05 had completion without a capability flag; later revisions announce it.
        if (exchange.session().version().isAtLeast(io.mcphost.protocol.ProtocolVersion.V2025_03_26)) {
            exchange.require("completions", McpMethod.COMPLETION_COMPLETE);
        }
        return exchange.send(McpMethod.COMPLETION_COMPLETE, CODEC.valueToTree(request), CallOptions.defaults(),
                result -> CODEC.treeToValue(result, CompleteResult.class));
    }

}
