package io.mcphost.server;

import io.mcphost.server.internal.CallerContext;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Who sent the request being served, as the transport authenticated it: the principal (a bearer
 * token's name, or an OAuth access token's {@code sub}, else {@code client_id}), the scopes its
 * token grants and the groups it names (an OAuth token's group claim; see
 * {@link io.mcphost.server.http.BearerAuthenticator.Accepted#groups()}). Only authenticating
 * transports know one: Streamable HTTP with bearer tokens or OAuth. Immutable.
 *
 * @param principal who the request is from; never blank
 * @param scopes    the scopes its token grants; empty for a static bearer token
 * @param groups    the groups its token names; empty when it names none
 */
public record Caller(String principal, Set<String> scopes, Set<String> groups) {
    public Caller {
        if (Objects.requireNonNull(principal, "principal").isBlank()) {
            throw new IllegalArgumentException("a caller needs a non-blank principal");
        }
        scopes = Set.copyOf(scopes);
        groups = Set.copyOf(groups);
    }

    /**
     * The caller of the request the current thread serves: set on the thread a handler
     * ({@link ToolHandler}, {@link PromptHandler}, {@link ResourceReader}, {@link CompletionHandler}…)
     * and a {@link Visibility} are called on, for as long as that request is served; empty on a
     * transport that authenticates nobody (stdio, HTTP without tokens) and on any other thread
     * (a thread the handler starts does not inherit it: read it first and hand it over).
     */
    public static Optional<Caller> current() {
        return CallerContext.current();
    }
}
