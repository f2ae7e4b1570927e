package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.protocol.McpInvalidArgumentsException;
import io.mcphost.protocol.internal.JsonCodec;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns the arguments an application gives a tool call (a map, a record, a bean, a JSON tree) into
 * the JSON object {@code tools/call} sends, with the one codec of the library, so a record's
 * components become the same properties the server reads. Stateless and thread-safe; no I/O.
 */
public final class ToolArgumentsConversion {
    private static final JsonCodec CODEC = JsonCodec.get();

    private ToolArgumentsConversion() {
    }

    /**
     * The arguments as a JSON object, or null for none.
     *
     * @param server    the server the call goes to, for the exception; null when not chosen yet
     * @param tool      the tool's name, for the message
     * @param arguments a {@code Map}, record, bean or {@link ObjectNode}; null (or JSON null) for none
     * @throws McpInvalidArgumentsException if the value cannot be converted, or is not a JSON object
     */
    public static ObjectNode toObject(String server, String tool, Object arguments) {
        if (arguments == null) {
            return null;
        }
        if (arguments instanceof CallOptions) {
            // callTool(server, tool, options) compiles against the (server, tool, arguments) form; say so rather than send {}.
            throw new McpInvalidArgumentsException(server, "tool '" + tool + "': CallOptions were given where the arguments"
                    + " go; pass the arguments (or null) and then the options", null);
        }
        JsonNode tree;
        try {
            tree = arguments instanceof JsonNode node ? node : CODEC.valueToTree(arguments);
        } catch (JacksonException | IllegalArgumentException e) {
            String reason = e instanceof JacksonException j ? j.getOriginalMessage() : e.getMessage();
            throw new McpInvalidArgumentsException(server, "tool '" + tool + "': the arguments (a "
                    + arguments.getClass().getName() + ") cannot be converted to JSON: " + reason, e);
        }
        if (tree == null || tree.isNull() || tree.isMissingNode()) {
            return null;
        }
        if (tree instanceof ObjectNode object) {
            return object;
        }
        throw new McpInvalidArgumentsException(server, "tool '" + tool + "': the arguments must be a JSON object (a Map,"
                + " record or bean), but a " + arguments.getClass().getName() + " converts to a JSON "
                + tree.getNodeType().name().toLowerCase(java.util.Locale.ROOT), null);
    }
}
