package io.mcphost.server;

import java.util.Optional;

/**
 * Decides, per request, which entries of a server's offer its caller may see and use: an entry it
 * may not is left out of the lists ({@code tools/list}, {@code prompts/list}, {@code resources/list},
 * {@code resources/templates/list}) and using it ({@code tools/call}, {@code prompts/get},
 * {@code resources/read}, {@code resources/subscribe}, {@code completion/complete}) is answered exactly
 * as for a name the server does not know, in the request's era, so that nothing tells the caller it
 * exists. Set with {@link McpServer.Builder#visibility}; a gateway's per-principal policy is one.
 *
 * <p>Called on the request's own thread, once per listed entry and once per use, so it must be quick
 * and thread-safe; it must not block. An exception it throws hides the entry (fails closed) and is logged.
 */
@FunctionalInterface
public interface Visibility {
    /** What kind of entry is decided on. */
    enum Kind {
        /** A tool, by its name. */
        TOOL,
        /** A prompt, by its name. */
        PROMPT,
        /** A resource, by its URI. */
        RESOURCE,
        /** A resource template, by its URI template (also when a read's URI matched it). */
        RESOURCE_TEMPLATE
    }

    /**
     * Whether {@code caller} may see (for a list) or use the entry {@code name} of {@code kind}.
     *
     * @param caller the request's caller; empty when the transport authenticated nobody
     * @param kind   the entry's kind
     * @param name   the tool's or prompt's name, the resource's URI, the template's URI template
     * @param method the request's method: a list method ({@code tools/list}…) when deciding what to
     *               list, otherwise the method that uses the entry ({@code tools/call},
     *               {@code resources/read}, {@code completion/complete}…)
     */
    boolean visible(Optional<Caller> caller, Kind kind, String name, String method);
}
