package io.mcphost.protocol;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The request needs a client capability this client did not declare ({@code -32021},
 * MissingRequiredClientCapabilityError, revision 2026-07-28), for example a tool that elicits input
 * from a client built without an elicitation handler.
 */
public final class McpMissingClientCapabilityException extends McpError {
    public McpMissingClientCapabilityException(String server, String method, JsonRpcError error) {
        super(server, method, error);
    }

    /** The capabilities the server named in {@code data.requiredCapabilities}, as JSON text. */
    public List<String> requiredCapabilities() {
        List<String> out = new ArrayList<>();
        JsonNode data = error().data().orElse(null);
        if (data != null && data.has("requiredCapabilities")) {
            JsonNode required = data.get("requiredCapabilities");
            if (required.isObject()) {
                required.propertyNames().forEach(out::add);
            } else if (required.isArray()) {
                required.forEach(v -> out.add(v.isString() ? v.stringValue() : v.toString()));
            }
        }
        return List.copyOf(out);
    }
}
