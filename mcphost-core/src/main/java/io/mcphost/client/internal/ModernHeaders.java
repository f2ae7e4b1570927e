package io.mcphost.client.internal;

import io.mcphost.protocol.McpMethod;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The HTTP headers revision 2026-07-28 mirrors from a request's body (streamable-http, "Request
 * Metadata"): {@code MCP-Protocol-Version}, {@code Mcp-Method}, {@code Mcp-Name}, and the
 * {@code Mcp-Param-*} headers a tool's {@code x-mcp-header} annotations ask for. Also the check
 * that a tool's annotations are valid (an invalid tool is left out of {@code tools/list}).
 * Stateless and thread-safe.
 */
final class ModernHeaders {
    /** One annotated property: its chain of {@code properties} keys and the header name portion. */
    record Annotation(List<String> path, String header) {
    }

    /** The header that marks a request as modern for the transport. */
    static final String VERSION_HEADER = "MCP-Protocol-Version";
    private static final long MAX_SAFE_INTEGER = (1L << 53) - 1;

    private ModernHeaders() {
    }

    /** The standard headers of a request with {@code params}; {@code Mcp-Name} for the three named methods. */
    static Map<String, String> standard(String version, String method, JsonNode params) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(VERSION_HEADER, version);
        headers.put("Mcp-Method", method);
        String source = switch (method) {
            case McpMethod.TOOLS_CALL, McpMethod.PROMPTS_GET -> "name";
            case McpMethod.RESOURCES_READ -> "uri";
            case McpMethod.TASKS_GET, McpMethod.TASKS_CANCEL, io.mcphost.protocol.modern.ModernMethods.TASKS_UPDATE -> "taskId";
            default -> null;
        };
        if (source != null && params.path(source).isString()) {
            headers.put("Mcp-Name", encode(params.path(source).stringValue()));
        }
        return headers;
    }

    /** Adds {@code Mcp-Param-*} for each annotation whose value is present (not null) in {@code arguments}. */
    static void params(Map<String, String> headers, List<Annotation> annotations, JsonNode arguments) {
        for (Annotation a : annotations) {
            JsonNode value = arguments;
            for (String key : a.path()) {
                value = value == null || !value.isObject() ? null : value.get(key);
            }
            if (value == null || value.isNull()) {
                continue; // absent or null: the header is omitted
            }
            String text;
            if (value.isString()) {
                text = value.stringValue();
            } else if (value.isBoolean()) {
                text = value.booleanValue() ? "true" : "false";
            } else if (value.isIntegralNumber()) {
                text = value.bigIntegerValue().toString();
            } else if (value.isNumber() && isWhole(value.numberValue().doubleValue())) {
                text = Long.toString((long) value.numberValue().doubleValue()); // numberValue(): doubleValue() throws past a double
            } else {
                continue; // not a primitive the annotation allows; the server validates the body
            }
            headers.put("Mcp-Param-" + a.header(), encode(text));
        }
    }

    /**
     * A header value as the spec's "Value Encoding" wants it: as is when it is plain visible ASCII
     * (spaces and tabs inside allowed), otherwise {@code =?base64?…?=} of its UTF-8 bytes — also when
     * it has leading or trailing whitespace or itself looks like the sentinel.
     */
    static String encode(String value) {
        boolean plain = value.equals(value.strip()) || value.isEmpty();
        for (int i = 0; plain && i < value.length(); i++) {
            char c = value.charAt(i);
            plain = c >= 0x20 && c <= 0x7E;
        }
        if (plain && value.startsWith("=?base64?") && value.endsWith("?=")) {
            plain = false;
        }
        if (plain && !value.isEmpty() && (Character.isWhitespace(value.charAt(0))
                || Character.isWhitespace(value.charAt(value.length() - 1)))) {
            plain = false;
        }
        return plain ? value : "=?base64?" + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8)) + "?=";
    }

    /**
     * The {@code x-mcp-header} annotations of a tool's input schema, or why the tool is invalid
     * (streamable-http "Schema Extension": non-empty token, no control characters, unique ignoring
     * case, only on string/integer/boolean properties reachable through {@code properties} alone).
     *
     * @return the annotations; a failed result names the reason
     */
    static Result annotations(JsonNode inputSchema) {
        List<Annotation> found = new ArrayList<>();
        Set<String> reachable = new HashSet<>();
        String problem = collect(inputSchema, new ArrayList<>(), found, reachable);
        if (problem != null) {
            return new Result(List.of(), Optional.of(problem));
        }
        // Any annotation somewhere else (items, anyOf, $defs …) makes the tool invalid.
        int total = countAnnotations(inputSchema);
        if (total != found.size()) {
            return new Result(List.of(), Optional.of("an x-mcp-header annotation is not reachable through 'properties' alone"));
        }
        Set<String> seen = new HashSet<>();
        for (Annotation a : found) {
            if (!seen.add(a.header().toLowerCase(Locale.ROOT))) {
                return new Result(List.of(), Optional.of("x-mcp-header '" + a.header() + "' is used twice (ignoring case)"));
            }
        }
        return new Result(List.copyOf(found), Optional.empty());
    }

    /** The annotations of a schema, or the reason it is invalid. */
    record Result(List<Annotation> annotations, Optional<String> invalid) {
    }

    private static String collect(JsonNode schema, List<String> path, List<Annotation> found, Set<String> reachable) {
        if (schema == null || !schema.isObject()) {
            return null;
        }
        JsonNode annotation = schema.get("x-mcp-header");
        if (annotation != null && !path.isEmpty()) {
            if (!annotation.isString() || annotation.stringValue().isEmpty()) {
                return "x-mcp-header of '" + String.join(".", path) + "' is empty or not a string";
            }
            String name = annotation.stringValue();
            if (!name.matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+")) {
                return "x-mcp-header '" + name.replaceAll("[^\\x20-\\x7E]", "?") + "' is not an HTTP token";
            }
            String type = schema.path("type").isString() ? schema.path("type").stringValue() : "";
            if (!type.equals("string") && !type.equals("integer") && !type.equals("boolean")) {
                return "x-mcp-header '" + name + "' is on a property of type '" + type + "' (only string, integer, boolean)";
            }
            found.add(new Annotation(List.copyOf(path), name));
        }
        JsonNode properties = schema.get("properties");
        if (properties != null && properties.isObject()) {
            for (Map.Entry<String, JsonNode> p : properties.properties()) {
                path.add(p.getKey());
                String problem = collect(p.getValue(), path, found, reachable);
                path.removeLast();
                if (problem != null) {
                    return problem;
                }
            }
        }
        return null;
    }

    private static int countAnnotations(JsonNode node) {
        int n = 0;
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                if (e.getKey().equals("x-mcp-header")) {
                    n++;
                } else {
                    n += countAnnotations(e.getValue());
                }
            }
        } else if (node.isArray()) {
            for (JsonNode item : node) {
                n += countAnnotations(item);
            }
        }
        return n;
    }

    /** Whether an integer value is within JavaScript's safe range (the annotation's integer rule). */
    static boolean safeInteger(long value) {
        return value >= -MAX_SAFE_INTEGER && value <= MAX_SAFE_INTEGER;
    }

    private static boolean isWhole(double value) {
        return value == Math.rint(value);
    }
}
