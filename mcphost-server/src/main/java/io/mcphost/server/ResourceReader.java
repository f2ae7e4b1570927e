package io.mcphost.server;

import io.mcphost.protocol.resources.ReadResourceResult;

/** Reads a resource (or a resource of a template) by URI. An exception becomes a JSON-RPC error. */
@FunctionalInterface
public interface ResourceReader {
    ReadResourceResult read(String uri) throws Exception;
}
