package io.mcphost.protocol.tools.internal;

import io.mcphost.protocol.internal.HandshakeRecords;
import io.mcphost.protocol.lifecycle.Icon;
import io.mcphost.protocol.tools.ListToolsResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.ToolAnnotations;
import io.mcphost.protocol.tools.ToolExecution;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * A {@code tools/list} result built straight from its tree when every field has the type it should
 * (strings, booleans, whole numbers, objects where the schema puts them) and nothing is null. A field
 * this class does not know is skipped, as the mapper skips it (unknown properties are ignored); any
 * other shape returns null and Jackson converts it as always, so the records are the same either way
 * ({@code PlainToolsTest} compares both paths). The client passes {@link #tool} to the codec when
 * it pages through a tools list: the codec sits below the tools types and does not know them.
 *
 * <p>Why: listing tools is what a host does right after connecting, so on a cold JVM it was the first
 * thing to wait for Jackson's mapper (a few hundred ms of CPU); and a catalog of many tools was
 * converted through Jackson's bean deserializers, tool by tool. Stateless and thread-safe.
 */
public final class PlainTools {
    private PlainTools() {
    }

    /** The result, or null when its shape is not a plain one (the caller then uses Jackson). */
    public static ListToolsResult listToolsResult(JsonNode node) {
        if (!node.isObject()) {
            return null;
        }
        List<Tool> tools = null;
        Optional<String> nextCursor = Optional.empty();
        Optional<JsonNode> meta = Optional.empty();
        Optional<String> resultType = Optional.empty();
        Optional<Long> ttlMs = Optional.empty();
        Optional<String> cacheScope = Optional.empty();
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            JsonNode value = field.getValue();
            if (value.isNull()) {
                return null;
            }
            switch (field.getKey()) {
                case "tools" -> {
                    tools = tools(value);
                    if (tools == null) {
                        return null;
                    }
                }
                case "nextCursor", "resultType", "cacheScope" -> {
                    if (!value.isString()) {
                        return null;
                    }
                    Optional<String> text = Optional.of(value.stringValue());
                    switch (field.getKey()) {
                        case "nextCursor" -> nextCursor = text;
                        case "resultType" -> resultType = text;
                        default -> cacheScope = text;
                    }
                }
                case "ttlMs" -> {
                    if (!value.isIntegralNumber() || !value.canConvertToLong()) {
                        return null;
                    }
                    ttlMs = Optional.of(value.longValue());
                }
                case "_meta" -> meta = Optional.of(value);
                default -> { } // ignored, as the mapper ignores it
            }
        }
        return new ListToolsResult(tools, nextCursor, meta, resultType, ttlMs, cacheScope);
    }

    private static List<Tool> tools(JsonNode array) {
        if (!array.isArray()) {
            return null;
        }
        List<Tool> tools = new ArrayList<>(array.size());
        for (JsonNode element : array) {
            Tool tool = tool(element);
            if (tool == null) {
                return null;
            }
            tools.add(tool);
        }
        return tools;
    }

    /** One tool, or null when its shape is not a plain one (the caller then uses Jackson). */
    public static Tool tool(JsonNode node) {
        if (!node.isObject()) {
            return null;
        }
        String name = null;
        JsonNode inputSchema = null;
        Optional<String> title = Optional.empty();
        Optional<String> description = Optional.empty();
        Optional<JsonNode> outputSchema = Optional.empty();
        Optional<ToolAnnotations> annotations = Optional.empty();
        Optional<ToolExecution> execution = Optional.empty();
        List<Icon> icons = List.of();
        Optional<JsonNode> meta = Optional.empty();
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            JsonNode value = field.getValue();
            if (value.isNull()) {
                return null;
            }
            switch (field.getKey()) {
                case "name", "title", "description" -> {
                    if (!value.isString()) {
                        return null;
                    }
                    switch (field.getKey()) {
                        case "name" -> name = value.stringValue();
                        case "title" -> title = Optional.of(value.stringValue());
                        default -> description = Optional.of(value.stringValue());
                    }
                }
                case "inputSchema" -> inputSchema = value;
                case "outputSchema" -> outputSchema = Optional.of(value);
                case "annotations" -> {
                    ToolAnnotations a = annotations(value);
                    if (a == null) {
                        return null;
                    }
                    annotations = Optional.of(a);
                }
                case "execution" -> {
                    ToolExecution e = execution(value);
                    if (e == null) {
                        return null;
                    }
                    execution = Optional.of(e);
                }
                case "icons" -> {
                    icons = HandshakeRecords.icons(value);
                    if (icons == null) {
                        return null;
                    }
                }
                case "_meta" -> meta = Optional.of(value);
                default -> { } // ignored, as the mapper ignores it
            }
        }
        if (name == null || inputSchema == null) {
            return null; // Jackson words the error
        }
        return new Tool(name, title, description, inputSchema, outputSchema, annotations, execution, icons, meta);
    }

    private static ToolAnnotations annotations(JsonNode node) {
        if (!node.isObject()) {
            return null;
        }
        Optional<String> title = Optional.empty();
        Optional<Boolean> readOnly = Optional.empty();
        Optional<Boolean> destructive = Optional.empty();
        Optional<Boolean> idempotent = Optional.empty();
        Optional<Boolean> openWorld = Optional.empty();
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            JsonNode value = field.getValue();
            String key = field.getKey();
            if (key.equals("title")) {
                if (!value.isString()) {
                    return null;
                }
                title = Optional.of(value.stringValue());
                continue;
            }
            boolean hint = key.equals("readOnlyHint") || key.equals("destructiveHint")
                    || key.equals("idempotentHint") || key.equals("openWorldHint");
            if (!hint) {
                continue; // ignored, as the mapper ignores it
            }
            if (!value.isBoolean()) {
                return null;
            }
            Optional<Boolean> flag = Optional.of(value.booleanValue());
            switch (key) {
                case "readOnlyHint" -> readOnly = flag;
                case "destructiveHint" -> destructive = flag;
                case "idempotentHint" -> idempotent = flag;
                default -> openWorld = flag;
            }
        }
        return new ToolAnnotations(title, readOnly, destructive, idempotent, openWorld);
    }

    private static ToolExecution execution(JsonNode node) {
        if (!node.isObject()) {
            return null;
        }
        Optional<ToolExecution.TaskSupport> support = Optional.empty();
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            if (!field.getKey().equals("taskSupport")) {
                continue; // ignored, as the mapper ignores it
            }
            JsonNode value = field.getValue();
            if (!value.isString()) {
                return null;
            }
            support = switch (value.stringValue()) {
                case "forbidden" -> Optional.of(ToolExecution.TaskSupport.FORBIDDEN);
                case "optional" -> Optional.of(ToolExecution.TaskSupport.OPTIONAL);
                case "required" -> Optional.of(ToolExecution.TaskSupport.REQUIRED);
                default -> null;
            };
            if (support == null) {
                return null;
            }
        }
        return new ToolExecution(support);
    }
}
