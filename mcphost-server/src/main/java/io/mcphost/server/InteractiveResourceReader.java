package io.mcphost.server;

import io.mcphost.protocol.resources.ReadResourceResult;

/**
 * Reads a resource (or one of a template's resources) by its URI, and may talk to the client while
 * doing so: ask for input first (see {@link ClientInput} for how that works in each protocol era;
 * 2026-07-28 allows input rounds on {@code resources/read}) or send log messages about this read
 * ({@link ClientLog}, logger = the URI). Called on the request's own virtual thread, so it may
 * block. Exceptions are answered as for a {@link ResourceReader}.
 */
@FunctionalInterface
public interface InteractiveResourceReader {
    /**
     * @param uri   the URI the client asked for (for a template, one that matches it)
     * @param input the request's channel to the client, valid only until this method returns
     */
    ReadResourceResult read(String uri, ClientInput input) throws Exception;
}
