package io.mcphost.server;

import io.mcphost.protocol.resources.ReadResourceResult;

/**
 * Reads a resource (or one of a template's resources) by its URI. Called on the request's own
 * virtual thread, so it may block. An exception becomes a JSON-RPC internal error (-32603) carrying
 * its message; the server keeps serving.
 */
@FunctionalInterface
public interface ResourceReader {
    ReadResourceResult read(String uri) throws Exception;
}
