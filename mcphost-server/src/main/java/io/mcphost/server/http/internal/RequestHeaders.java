package io.mcphost.server.http.internal;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.modern.ModernErrors;
import io.mcphost.protocol.modern.ModernMethods;
import io.mcphost.server.internal.ModernServer;
import io.mcphost.server.internal.Registry;
import java.math.BigDecimal;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The request metadata headers of revision 2026-07-28 (spec: basic/transports/streamable-http,
 * "Request Metadata" and "Server Validation"): {@code MCP-Protocol-Version}, {@code Mcp-Method},
 * {@code Mcp-Name} and the {@code Mcp-Param-*} headers a tool's {@code x-mcp-header} annotations ask
 * for must be present and match the body, else the request is refused with HeaderMismatch (-32020).
 * Header names are case-insensitive (as {@link Exchange#header} treats them); values are trimmed of
 * surrounding whitespace and compared case-sensitively. Stateless.
 */
final class RequestHeaders {
    static final String VERSION = "MCP-Protocol-Version";
    static final String METHOD = "Mcp-Method";
    static final String NAME = "Mcp-Name";
    static final String PARAM_PREFIX = "Mcp-Param-";
    private static final String B64_START = "=?base64?";
    private static final String B64_END = "?=";

    private RequestHeaders() {
    }

    static Optional<JsonRpcError> checkVersionPresent(Exchange headers) {
        return value(headers, VERSION).isEmpty() ? mismatch("Header mismatch: the " + VERSION + " header is missing")
                : Optional.empty();
    }

    /** The body's {@code _meta} must be valid already (checked before). */
    static Optional<JsonRpcError> check(Exchange headers, JsonRpcRequest request, Registry registry) {
        String version = value(headers, VERSION).orElse("");
        String declared = ModernServer.declaredVersion(request).orElse("");
        if (!version.equals(declared)) {
            return mismatch("Header mismatch: " + VERSION + " header value '" + version
                    + "' does not match body value '" + declared + "'");
        }
        Optional<String> method = value(headers, METHOD);
        if (method.isEmpty()) {
            return mismatch("Header mismatch: the " + METHOD + " header is missing");
        }
        if (!method.get().equals(request.method())) {
            return mismatch("Header mismatch: " + METHOD + " header value '" + method.get()
                    + "' does not match body value '" + request.method() + "'");
        }
        JsonNode params = request.params().orElseThrow();
        String nameField = switch (request.method()) {
            case McpMethod.TOOLS_CALL, McpMethod.PROMPTS_GET -> "name";
            case McpMethod.RESOURCES_READ -> "uri";
            // Tasks extension (routing headers): the task a request is about.
            case McpMethod.TASKS_GET, McpMethod.TASKS_CANCEL, ModernMethods.TASKS_UPDATE -> "taskId";
            default -> null;
        };
        if (nameField != null) {
            Optional<String> name = value(headers, NAME);
            if (name.isEmpty()) {
                return mismatch("Header mismatch: the " + NAME + " header is missing");
            }
            Optional<String> decoded = decode(name.get());
            String body = params.path(nameField).asString("");
            if (decoded.isEmpty() || !decoded.get().equals(body)) {
                return mismatch("Header mismatch: " + NAME + " header value does not match body value '" + body + "'");
            }
        }
        if (request.method().equals(McpMethod.TOOLS_CALL)) {
            Registry.ToolEntry tool = registry.toolsByName().get(params.path("name").asString(""));
            if (tool != null) {
                return checkParams(headers, tool.tool().inputSchema(), params.path("arguments"));
            }
        }
        return Optional.empty();
    }

    /** Every {@code x-mcp-header} property reachable through {@code properties} only, with its path. */
    private static Optional<JsonRpcError> checkParams(Exchange headers, JsonNode schema, JsonNode arguments) {
        List<Map.Entry<String, List<String>>> annotated = new ArrayList<>();
        collect(schema, new ArrayList<>(), annotated);
        for (Map.Entry<String, List<String>> a : annotated) {
            JsonNode value = arguments;
            for (String step : a.getValue()) {
                value = value.path(step);
            }
            String header = PARAM_PREFIX + a.getKey();
            Optional<String> given = value(headers, header);
            if (value.isMissingNode() || value.isNull()) {
                continue; // spec: no value, no header expected
            }
            if (given.isEmpty()) {
                return mismatch("Header mismatch: the " + header + " header is missing but the argument is present");
            }
            Optional<String> decoded = decode(given.get());
            if (decoded.isEmpty() || !matches(decoded.get(), value)) {
                return mismatch("Header mismatch: " + header + " header value does not match the argument");
            }
        }
        return Optional.empty();
    }

    private static void collect(JsonNode schema, List<String> path, List<Map.Entry<String, List<String>>> into) {
        JsonNode properties = schema.path("properties");
        if (!properties.isObject()) {
            return;
        }
        properties.properties().forEach(e -> {
            List<String> here = new ArrayList<>(path);
            here.add(e.getKey());
            JsonNode header = e.getValue().path("x-mcp-header");
            if (header.isString() && !header.stringValue().isEmpty()) {
                into.add(Map.entry(header.stringValue(), here));
            }
            collect(e.getValue(), here, into);
        });
    }

    /** Strings as they are, integers numerically (spec: 42.0 equals 42), booleans lower case. */
    private static boolean matches(String header, JsonNode value) {
        if (value.isString()) {
            return header.equals(value.stringValue());
        }
        if (value.isBoolean()) {
            return header.equals(Boolean.toString(value.booleanValue()));
        }
        if (value.isNumber()) {
            try {
                return new BigDecimal(header).compareTo(value.decimalValue()) == 0;
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return false;
    }

    /** The value, trimmed; empty if absent. */
    private static Optional<String> value(Exchange headers, String name) {
        String raw = headers.header(name);
        return raw == null ? Optional.empty() : Optional.of(raw.strip());
    }

    /**
     * A header value in the clear: the Base64 sentinel form decoded (strictly: bad padding or characters
     * refuse it), anything else literally, provided it has only visible ASCII, space and tab.
     */
    static Optional<String> decode(String value) {
        for (char c : value.toCharArray()) {
            if ((c < 0x20 && c != '\t') || c > 0x7e) {
                return Optional.empty();
            }
        }
        if (value.startsWith(B64_START) && value.endsWith(B64_END) && value.length() >= B64_START.length() + B64_END.length()) {
            String encoded = value.substring(B64_START.length(), value.length() - B64_END.length());
            if (encoded.length() % 4 != 0) {
                return Optional.empty();
            }
            try {
                byte[] bytes = Base64.getDecoder().decode(encoded);
                return Optional.of(StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString());
            } catch (IllegalArgumentException | CharacterCodingException e) {
                return Optional.empty();
            }
        }
        return Optional.of(value);
    }

    private static Optional<JsonRpcError> mismatch(String message) {
        return Optional.of(JsonRpcError.of(ModernErrors.HEADER_MISMATCH, message));
    }
}
