package io.mcphost.host.internal.supervision;

import io.mcphost.protocol.McpTransportException;
import java.util.Optional;

/** What a server's failure says about it, read from the cause chain (the client wraps transport failures). */
final class Failures {
    private Failures() {
    }

    /** A dead stdio server's last words travel in the transport's exception, wherever the client wrapped it. */
    static Optional<String> stderrTailOf(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (t instanceof McpTransportException transport) {
                return transport.stderrTail();
            }
        }
        return Optional.empty();
    }

    /** Whether a start failed only for want of a user's OAuth authorisation (docs/oauth.md). */
    static boolean needsUser(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof io.mcphost.auth.McpAuthorizationException
                    || t instanceof io.mcphost.transport.McpAuthorizationRequiredException) {
                return true;
            }
        }
        return false;
    }
}
