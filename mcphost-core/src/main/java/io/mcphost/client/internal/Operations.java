package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.internal.JsonSchemaValidator;
import io.mcphost.protocol.completion.CompleteRequestParams;
import io.mcphost.protocol.completion.CompleteResult;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The typed MCP operations of a client: capability checks, paging, decoding, and validation of
 * structured tool output. Thread-safe.
 */
final class Operations {
    /** A server that keeps handing out cursors must not keep us paging forever. */
    static final int MAX_PAGES = 1_000;

    private static final JsonCodec CODEC = JsonCodec.get();

    private final Exchange exchange;
    private static final Logger LOG = LoggerFactory.getLogger(Operations.class);
    private final Tasks tasks;
    /** Output schemas of the tools as last listed, for validating structuredContent. */
    private final Map<String, JsonNode> outputSchemas = new ConcurrentHashMap<>();

    /**
     * The tasks half is made here: a plain tools/call may become a task (a tool that requires one)
     * and task creation lists the tools, so the two refer to each other; Tasks only keeps the reference.
     */
    Operations(Exchange exchange, NotificationQueue notifications) {
        this.exchange = exchange;
        this.tasks = new Tasks(exchange, this, notifications);
    }

    Tasks tasks() {
        return tasks;
    }

    CompletableFuture<List<Tool>> listTools() {
        exchange.require("tools", McpMethod.TOOLS_LIST);
        return this.<Tool>pages(McpMethod.TOOLS_LIST, "tools", Tool.class).thenApply(tools -> {
            outputSchemas.clear();
            for (Tool tool : tools) {
                tool.outputSchema().ifPresent(schema -> outputSchemas.put(tool.name(), schema));
            }
            tasks.toolsListed(tools);
            return tools;
        });
    }

    /**
     * The server said its tools changed: the output schemas cached by the last list may be wrong now
     * (a schema changed: results would be checked against the old one). Forgets them and, when the
     * application had listed tools, lists them again in the background to know the new schemas; until
     * that answer, results are not checked rather than checked wrongly. Never blocks (the inbound thread).
     */
    void toolsChanged() {
        boolean known = !outputSchemas.isEmpty();
        outputSchemas.clear();
        if (!known) {
            return;
        }
        try {
            listTools().whenComplete((tools, e) -> {
                if (e != null) {
                    LOG.debug("server '{}': listing the changed tools failed: {}", exchange.name(), e.getMessage());
                }
            });
        } catch (RuntimeException e) {
            // Not connected (any more): the next list after a reconnect fills the cache again.
            LOG.debug("server '{}': the changed tools were not listed: {}", exchange.name(), e.getMessage());
        }
    }

    CompletableFuture<CallToolResult> callTool(String tool, JsonNode arguments, CallOptions options) {
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(options, "options");
        exchange.require("tools", McpMethod.TOOLS_CALL);
        ObjectNode params = toolCallParams(tool, arguments);
        // A tool that requires a task runs as one, unseen by the caller (Tasks).
        return tasks.callTool(tool, params, options, () -> exchange.send(McpMethod.TOOLS_CALL, params, options, result -> {
            CallToolResult decoded = CODEC.treeToValue(result, CallToolResult.class);
            checkStructuredContent(tool, decoded);
            return decoded;
        }));
    }

    /** The params of {@code tools/call}. @throws IllegalArgumentException if {@code arguments} is not an object */
    static ObjectNode toolCallParams(String tool, JsonNode arguments) {
        ObjectNode params = CODEC.newObject();
        params.put("name", tool);
        ObjectNode checked = Exchange.objectParams(arguments, "tool arguments");
        if (checked != null) {
            params.set("arguments", checked);
        }
        return params;
    }

    void checkStructuredContent(String tool, CallToolResult result) {
        JsonNode schema = outputSchemas.get(tool);
        if (schema == null || result.isError()) {
            return;
        }
        if (result.structuredContent().isEmpty()) {
            throw new McpProtocolException(exchange.name(), "tool '" + tool
                    + "' declares an outputSchema but its result has no structuredContent");
        }
        List<String> violations = JsonSchemaValidator.get().validate(schema, result.structuredContent().get());
        if (!violations.isEmpty()) {
            throw new McpProtocolException(exchange.name(), "tool '" + tool
                    + "' returned structuredContent that does not match its outputSchema: " + String.join("; ", violations));
        }
    }

    CompletableFuture<List<Resource>> listResources() {
        exchange.require("resources", McpMethod.RESOURCES_LIST);
        return pages(McpMethod.RESOURCES_LIST, "resources", Resource.class);
    }

    CompletableFuture<List<ResourceTemplate>> listResourceTemplates() {
        exchange.require("resources", McpMethod.RESOURCES_TEMPLATES_LIST);
        return pages(McpMethod.RESOURCES_TEMPLATES_LIST, "resourceTemplates", ResourceTemplate.class);
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
        return pages(McpMethod.PROMPTS_LIST, "prompts", Prompt.class);
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

    CompletableFuture<Void> setLoggingLevel(LoggingLevel level) {
        Objects.requireNonNull(level, "level");
        exchange.require("logging", McpMethod.LOGGING_SET_LEVEL);
        ObjectNode params = CODEC.newObject();
        params.set("level", CODEC.valueToTree(level));
        return exchange.send(McpMethod.LOGGING_SET_LEVEL, params, CallOptions.defaults(), result -> null);
    }

    /**
     * A listed tool's {@code x-mcp-header} annotations (revision 2026-07-28 over HTTP): a tool with an
     * invalid one is left out of the list, as the spec requires, with a warning naming the reason;
     * a valid tool's annotations are kept for the headers of its calls.
     */
    private boolean headersValid(JsonNode tool) {
        String name = tool.path("name").asString("");
        ModernHeaders.Result result = ModernHeaders.annotations(tool.path("inputSchema"));
        if (result.invalid().isPresent()) {
            LOG.warn("server '{}': tool '{}' left out: {}", exchange.name(), name, result.invalid().get());
            exchange.toolHeaders().remove(name);
            return false;
        }
        if (result.annotations().isEmpty()) {
            exchange.toolHeaders().remove(name);
        } else {
            exchange.toolHeaders().put(name, result.annotations());
        }
        return true;
    }

    /** Fetches every page of a list method, following {@code nextCursor} until it is absent. */
    <T> CompletableFuture<List<T>> pages(String method, String field, Class<T> type) {
        return page(method, field, type, null, new ArrayList<>(), new HashSet<>());
    }

    private <T> CompletableFuture<List<T>> page(String method, String field, Class<T> type, String cursor,
                                                List<T> items, Set<String> seenCursors) {
        ObjectNode params = CODEC.newObject();
        if (cursor != null) {
            params.put("cursor", cursor);
        }
        return exchange.send(method, params, CallOptions.defaults(), result -> result).thenCompose(result -> {
            JsonNode list = result.path(field);
            if (!list.isArray()) {
                throw new McpProtocolException(exchange.name(), method + ": the answer has no '" + field + "' array");
            }
            boolean mirrored = McpMethod.TOOLS_LIST.equals(method) && exchange.config().transport().capability(io.mcphost.transport.HeaderMirroring.class).isPresent()
                    && exchange.session().modern();
            for (JsonNode item : list) {
                if (mirrored && !headersValid(item)) {
                    continue;
                }
                try {
                    items.add(CODEC.treeToValue(item, type));
                } catch (McpProtocolException e) {
                    throw new McpProtocolException(exchange.name(), method + ": " + e.getMessage(), e);
                }
            }
            JsonNode next = result.path("nextCursor");
            if (!next.isString()) {
                return CompletableFuture.completedFuture(List.copyOf(items));
            }
            if (!seenCursors.add(next.stringValue()) || seenCursors.size() >= MAX_PAGES) {
                throw new McpProtocolException(exchange.name(), method + ": the server's pagination does not end (cursor '"
                        + next.stringValue() + "' repeated or more than " + MAX_PAGES + " pages)");
            }
            return page(method, field, type, next.stringValue(), items, seenCursors);
        });
    }
}
