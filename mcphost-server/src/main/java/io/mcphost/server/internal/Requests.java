package io.mcphost.server.internal;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.completion.CompleteRequestParams;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.prompts.PromptArgument;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.server.ResourceReader;
import io.mcphost.server.ToolCall;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The feature requests of the server: lists with pages, tool calls, reads, prompts, completions. */
final class Requests {
    private static final JsonCodec CODEC = JsonCodec.get();

    private final Registry registry;
    private final ServerConnection connection;

    Requests(Registry registry, ServerConnection connection) {
        this.registry = registry;
        this.connection = connection;
    }

    JsonNode listTools(JsonNode params) {
        return page(params, "tools", registry.tools(), e -> e.tool());
    }

    JsonNode listResources(JsonNode params) {
        return page(params, "resources", registry.resources(), Registry.ResourceEntry::resource);
    }

    JsonNode listTemplates(JsonNode params) {
        return page(params, "resourceTemplates", registry.templates(), Registry.TemplateEntry::template);
    }

    JsonNode listPrompts(JsonNode params) {
        return page(params, "prompts", registry.prompts(), Registry.PromptEntry::prompt);
    }

    /** Cursors are opaque to clients; ours is simply the index of the page's first item. */
    private <E> JsonNode page(JsonNode params, String field, List<E> all, Function<E, Object> item) {
        int from = 0;
        JsonNode cursor = params.path("cursor");
        if (cursor.isString()) {
            try {
                from = Integer.parseInt(cursor.stringValue());
            } catch (NumberFormatException e) {
                from = -1;
            }
            if (from < 0 || from > all.size()) {
                throw new RequestException(JsonRpcError.INVALID_PARAMS, "invalid cursor: " + cursor.stringValue());
            }
        }
        int to = Math.min(all.size(), from + registry.pageSize());
        ObjectNode result = CODEC.newObject();
        ArrayNode items = result.putArray(field);
        for (E entry : all.subList(from, to)) {
            items.add(CODEC.valueToTree(item.apply(entry)));
        }
        if (to < all.size()) {
            result.put("nextCursor", Integer.toString(to));
        }
        return result;
    }

    JsonNode callTool(JsonRpcRequest request, JsonNode params, AtomicBoolean cancelled) {
        String name = params.path("name").asString("");
        Registry.ToolEntry entry = registry.toolsByName().get(name);
        if (entry == null) {
            throw new RequestException(JsonRpcError.INVALID_PARAMS, "Unknown tool: " + name);
        }
        JsonNode arguments = params.path("arguments").isObject() ? params.get("arguments") : CODEC.newObject();
        Optional<JsonNode> meta = Optional.ofNullable(params.get("_meta")).filter(JsonNode::isObject);
        ToolCall call = new Call(name, arguments, meta, meta.map(m -> m.get("progressToken")), cancelled);
        CallToolResult result;
        try {
            result = entry.handler().call(call);
            if (result == null) {
                result = CallToolResult.error("tool '" + name + "' returned no result");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            result = CallToolResult.error("tool '" + name + "' was interrupted");
        } catch (Exception e) {
            result = CallToolResult.error(e.getMessage() == null ? e.toString() : e.getMessage());
        }
        return CODEC.valueToTree(result);
    }

    JsonNode readResource(JsonNode params) {
        String uri = params.path("uri").asString("");
        ResourceReader reader = registry.readerFor(uri).orElseThrow(() ->
                new RequestException(JsonRpcError.RESOURCE_NOT_FOUND, "Resource not found: " + uri));
        try {
            return CODEC.valueToTree(reader.read(uri));
        } catch (Exception e) {
            throw new RequestException(JsonRpcError.INTERNAL_ERROR, "reading " + uri + " failed: " + e.getMessage());
        }
    }

    JsonNode getPrompt(JsonNode params) {
        String name = params.path("name").asString("");
        Registry.PromptEntry entry = registry.prompt(name).orElseThrow(() ->
                new RequestException(JsonRpcError.INVALID_PARAMS, "Unknown prompt: " + name));
        Map<String, String> arguments = new LinkedHashMap<>();
        params.path("arguments").properties().forEach(e -> arguments.put(e.getKey(), e.getValue().asString("")));
        for (PromptArgument argument : entry.prompt().arguments()) {
            if (argument.required() && !arguments.containsKey(argument.name())) {
                throw new RequestException(JsonRpcError.INVALID_PARAMS, "prompt '" + name
                        + "' needs the argument '" + argument.name() + "'");
            }
        }
        try {
            return CODEC.valueToTree(entry.handler().get(Map.copyOf(arguments)));
        } catch (Exception e) {
            throw new RequestException(JsonRpcError.INTERNAL_ERROR, "prompt '" + name + "' failed: " + e.getMessage());
        }
    }

    JsonNode complete(JsonNode params) {
        var handler = registry.completions().orElseThrow(() ->
                new RequestException(JsonRpcError.METHOD_NOT_FOUND, "this server offers no completions"));
        CompleteRequestParams request;
        try {
            request = CODEC.treeToValue(params, CompleteRequestParams.class);
        } catch (McpException e) {
            throw new RequestException(JsonRpcError.INVALID_PARAMS, e.getMessage());
        }
        try {
            return CODEC.valueToTree(handler.complete(request));
        } catch (Exception e) {
            throw new RequestException(JsonRpcError.INTERNAL_ERROR, "completion failed: " + e.getMessage());
        }
    }

    /** What a tool handler sees of its request. */
    private final class Call implements ToolCall {
        private final String name;
        private final JsonNode arguments;
        private final Optional<JsonNode> meta;
        private final Optional<JsonNode> progressToken;
        private final AtomicBoolean cancelled;

        Call(String name, JsonNode arguments, Optional<JsonNode> meta, Optional<JsonNode> progressToken, AtomicBoolean cancelled) {
            this.name = name;
            this.arguments = arguments;
            this.meta = meta;
            this.progressToken = progressToken.filter(t -> t.isString() || t.isIntegralNumber());
            this.cancelled = cancelled;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public JsonNode arguments() {
            return arguments;
        }

        @Override
        public Optional<JsonNode> meta() {
            return meta;
        }

        @Override
        public void progress(double progress, Double total, String message) {
            progressToken.ifPresent(token -> {
                ObjectNode params = CODEC.newObject();
                params.set("progressToken", token);
                params.put("progress", progress);
                if (total != null) {
                    params.put("total", total);
                }
                if (message != null) {
                    params.put("message", message);
                }
                connection.send(JsonRpcNotification.of(McpMethod.NOTIFICATIONS_PROGRESS, params));
            });
        }

        @Override
        public void log(LoggingLevel level, String message) {
            if (level.compareTo(connection.logLevel()) < 0) {
                return;
            }
            ObjectNode params = CODEC.newObject();
            params.put("level", level.wireName());
            params.put("logger", name);
            params.put("data", message);
            connection.send(JsonRpcNotification.of(McpMethod.NOTIFICATIONS_MESSAGE, params));
        }

        @Override
        public boolean isCancelled() {
            return cancelled.get();
        }
    }
}
