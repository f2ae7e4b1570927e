package io.mcphost.client.internal;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpHeaderMismatchException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.McpMissingClientCapabilityException;
import io.mcphost.protocol.McpNotFoundException;
import io.mcphost.protocol.McpUnsupportedVersionException;
import io.mcphost.protocol.modern.ModernErrors;

/**
 * A JSON-RPC error answer as the exception the caller gets: the errors revision 2026-07-28 defines
 * get their own {@link McpError} subclasses, and a resource read answered {@code -32602} with
 * {@code data.uri} (that revision's "resource not found") becomes {@link McpNotFoundException}.
 * Everything else stays a plain {@link McpError}. Stateless.
 */
final class ErrorMapping {
    private ErrorMapping() {
    }

    static McpException toException(String server, String method, JsonRpcError error) {
        return switch (error.code()) {
            case ModernErrors.UNSUPPORTED_PROTOCOL_VERSION -> new McpUnsupportedVersionException(server, method, error);
            case ModernErrors.HEADER_MISMATCH -> new McpHeaderMismatchException(server, method, error);
            case ModernErrors.MISSING_REQUIRED_CLIENT_CAPABILITY -> new McpMissingClientCapabilityException(server, method, error);
            case JsonRpcError.INVALID_PARAMS -> McpMethod.RESOURCES_READ.equals(method)
                    && error.data().map(d -> d.path("uri").isString()).orElse(false)
                    ? new McpNotFoundException(server, method + ": no resource '" + error.data().get().path("uri").stringValue()
                    + "': " + error.message(), new McpError(server, method, error))
                    : new McpError(server, method, error);
            default -> new McpError(server, method, error);
        };
    }
}
