package io.mcphost.auth;

import io.mcphost.auth.internal.HeadlessBrowser;
import java.net.URI;

/**
 * Lets the user visit the authorization server's page: the application shows the URL, opens a
 * browser, or — in tests and the conformance client — visits it itself ({@link #headless()}).
 * The answer comes back to the loopback redirect listener the flow opened on {@code 127.0.0.1},
 * so a handler only has to get the URL in front of someone.
 *
 * <p>The URL has been checked before the handler sees it: {@code https} (or {@code http} on a
 * loopback address), no credentials, no characters a shell would interpret (the mcp-remote
 * CVE-2025-6514 pattern). A handler that opens a browser must still pass it as ONE argument to
 * the platform opener, never through a shell.
 *
 * <p>Called on a virtual thread of the flow; it may block until the URL was shown, not until the
 * user has finished (the flow waits for the redirect with its own deadline).
 */
@FunctionalInterface
public interface AuthorizationHandler {

    /** Shows or opens {@code authorizationUrl}. */
    void open(URI authorizationUrl);

    /**
     * The flow that showed {@code authorizationUrl} has ended: {@code authorized} when the redirect
     * came back and a token was obtained (and stored), false when it was refused, timed out or
     * failed. Lets an application dismiss what it showed; {@link io.mcphost.host.McpHost} uses it
     * to bring a server waiting in {@code AUTH_REQUIRED} up. Called on the flow's thread; must
     * return quickly. Does nothing unless overridden.
     */
    default void completed(URI authorizationUrl, boolean authorized) {
    }

    /**
     * A handler that needs no user: it GETs the authorization URL, follows the authorization
     * server's redirects (at most 10, {@code http}/{@code https} only) and delivers the final one
     * to the loopback listener — what a browser does for a server that approves without asking.
     * For tests, the conformance suite and servers that authorise silently.
     */
    static AuthorizationHandler headless() {
        return HeadlessBrowser::open;
    }
}
