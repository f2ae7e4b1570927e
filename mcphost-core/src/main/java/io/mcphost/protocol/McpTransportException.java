package io.mcphost.protocol;

import java.util.Optional;

/**
 * The connection to a server failed or ended: the process exited, a stream broke, an HTTP exchange
 * failed. When a stdio server died, the message ends with the tail of what it wrote to stderr, and
 * {@link #stderrTail()} returns that tail on its own.
 */
public class McpTransportException extends McpException {
    private final String stderrTail;

    public McpTransportException(String server, String message) {
        this(server, message, null);
    }

    public McpTransportException(String server, String message, Throwable cause) {
        this(server, message, cause, "");
    }

    /**
     * A failure that ended a local server's process.
     *
     * @param stderrTail the end of what the server wrote to stderr (also quoted in {@code message}); empty for none
     */
    public McpTransportException(String server, String message, Throwable cause, String stderrTail) {
        super(server, message, cause);
        this.stderrTail = stderrTail == null ? "" : stderrTail;
    }

    /**
     * The end of a local server's stderr when this reports that the server died, so a host can show it
     * apart from the error; empty for other failures. A copy under another name keeps it.
     */
    public Optional<String> stderrTail() {
        if (!stderrTail.isBlank()) {
            return Optional.of(stderrTail);
        }
        return getCause() instanceof McpTransportException cause ? cause.stderrTail() : Optional.empty();
    }

    /**
     * Whether no server was reached at all, as the exceptions among this one's causes say: the host name does
     * not resolve, or nothing accepts connections at the address. A caller that must tell "no server there"
     * from "a server that answered in a way it did not expect" asks this, not the message.
     */
    public boolean reachedNoServer() {
        for (Throwable t = getCause(); t != null; t = t.getCause()) {
            if (t instanceof java.net.UnknownHostException || t instanceof java.net.ConnectException
                    || t instanceof java.nio.channels.UnresolvedAddressException) {
                return true;
            }
        }
        return false;
    }
}
