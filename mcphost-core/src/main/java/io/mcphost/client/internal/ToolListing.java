package io.mcphost.client.internal;

import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.internal.JsonSchemaValidator;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.internal.PlainTools;
import io.mcphost.protocol.tools.ToolExecution.TaskSupport;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import io.mcphost.protocol.internal.JsonCodec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the client knows of the server's tools from their last full listing: each tool's output
 * schema (to check structured results against) and its task support (whether a call must run as a
 * task). Both the plain operations and the tasks read it; it lists the tools when asked and after the
 * server said they changed. Thread-safe.
 */
final class ToolListing {
    private static final Logger LOG = LoggerFactory.getLogger(ToolListing.class);

    private final Exchange exchange;
    /** Output schemas of the tools as last listed, for validating structuredContent. */
    private final Map<String, JsonNode> outputSchemas = new ConcurrentHashMap<>();
    /** The tools last listed as safe to call again (readOnlyHint or idempotentHint): what a lost answer may retry. */
    private volatile Set<String> repeatable = Set.of();
    /** Task support of each tool as last listed; null until the tools were listed. */
    private volatile Map<String, TaskSupport> taskSupport;

    ToolListing(Exchange exchange) {
        this.exchange = exchange;
    }

    /** {@code tools/list}, every page; what it says of schemas and task support is kept. */
    CompletableFuture<List<Tool>> list() {
        exchange.require("tools", McpMethod.TOOLS_LIST);
        return Paging.all(exchange, McpMethod.TOOLS_LIST, "tools", Tool.class, PlainTools::tool).thenApply(tools -> {
            outputSchemas.clear();
            Map<String, TaskSupport> support = new HashMap<>();
            Set<String> safe = new HashSet<>();
            for (Tool tool : tools) {
                tool.outputSchema().ifPresent(schema -> outputSchemas.put(tool.name(), schema));
                support.put(tool.name(), tool.taskSupport());
                if (tool.annotations().filter(a -> a.readOnlyHint().orElse(false) || a.idempotentHint().orElse(false)).isPresent()) {
                    safe.add(tool.name());
                }
            }
            taskSupport = Map.copyOf(support);
            repeatable = Set.copyOf(safe);
            return tools;
        });
    }

    /**
     * Whether the server, when it last listed its tools, said calling {@code tool} again has no further
     * effect ({@code readOnlyHint} or {@code idempotentHint}); false for a tool not listed since.
     */
    boolean repeatable(String tool) {
        return repeatable.contains(tool);
    }

    /**
     * The server said its tools changed: the output schemas cached by the last list may be wrong now
     * (a schema changed: results would be checked against the old one). Forgets them and, when the
     * application had listed tools, lists them again in the background to know the new schemas; until
     * that answer, results are not checked rather than checked wrongly. Never blocks (the inbound thread).
     */
    void changed() {
        boolean known = !outputSchemas.isEmpty();
        outputSchemas.clear();
        repeatable = Set.of(); // until listed again: a tool's annotations may have changed
        if (!known) {
            return;
        }
        try {
            list().whenComplete((tools, e) -> {
                if (e != null) {
                    LOG.debug("server '{}': listing the changed tools failed: {}", exchange.name(), e.getMessage());
                }
            });
        } catch (RuntimeException e) {
            // Not connected (any more): the next list after a reconnect fills the cache again.
            LOG.debug("server '{}': the changed tools were not listed: {}", exchange.name(), e.getMessage());
        }
    }

    /** Checks a result's structuredContent against the tool's output schema, when the tool declares one. */
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

    /** The task support of each tool as last listed; null before the first listing. */
    Map<String, TaskSupport> knownTaskSupport() {
        return taskSupport;
    }

    /** The tool's task support, listing the tools when it is not known yet; empty for a tool the server does not list. */
    CompletableFuture<Optional<TaskSupport>> taskSupport(String tool) {
        Map<String, TaskSupport> known = taskSupport;
        if (known != null && known.containsKey(tool)) {
            return CompletableFuture.completedFuture(Optional.of(known.get(tool)));
        }
        // Never listed, or listed before the tool appeared: only the server's list can tell.
        return list().thenApply(tools -> tools.stream().filter(t -> t.name().equals(tool)).findFirst().map(Tool::taskSupport));
    }

    /**
     * The params of {@code tools/call}, the request's own: a copy of {@code arguments}, so a caller who
     * changes them after the call began (an async caller) changes nothing the request may send again
     * (a retry), and the request needs no copy of its own ({@link Exchange#sendOwned}).
     *
     * @throws IllegalArgumentException if {@code arguments} is not an object
     */
    static ObjectNode callParams(String tool, JsonNode arguments) {
        ObjectNode params = JsonCodec.get().newObject();
        params.put("name", tool);
        ObjectNode checked = Exchange.objectParams(arguments, "tool arguments");
        if (checked != null) {
            params.set("arguments", checked.deepCopy());
        }
        return params;
    }
}
