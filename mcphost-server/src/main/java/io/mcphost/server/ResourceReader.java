package io.mcphost.server;

import io.mcphost.protocol.resources.ReadResourceResult;

/**
 * Reads a resource (or one of a template's resources) by its URI. Called on the request's own
 * virtual thread, so it may block. An exception becomes a JSON-RPC internal error (-32603) carrying
 * its message, and the server keeps serving; except an {@link io.mcphost.protocol.McpNotFoundException}
 * (or an {@link ErrorReply} with -32002), answered as "Resource not found" in the code
 * of the request's protocol era (-32002 before 2026-07-28, -32602 from it), and any other
 * {@code ErrorReply}, answered as that JSON-RPC error (a gateway passing on its upstream's answer).
 */
@FunctionalInterface
public interface ResourceReader {
    ReadResourceResult read(String uri) throws Exception;
}
