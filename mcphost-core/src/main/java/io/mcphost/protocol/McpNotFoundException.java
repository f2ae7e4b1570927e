package io.mcphost.protocol;

import java.util.Optional;

/**
 * A name the caller used (a tool, a prompt, a resource URI) is not offered by any available server,
 * or was filtered out: McpHost refuses such a call before anything is sent. Carries the closest name
 * that does exist, when one is close enough to be a likely typo. {@link #server()} is empty: no server
 * was chosen.
 *
 * <p>A client also throws it when a server answers that a resource does not exist (revision
 * 2026-07-28); then {@link #server()} names that server and {@link #getCause()} is the server's
 * {@link McpError}. It is not itself an {@code McpError}: most of the time no server error exists.
 */
public final class McpNotFoundException extends McpException {
    private final String suggestion;

    public McpNotFoundException(String message, String suggestion) {
        super(null, suggestion == null ? message : message + "; did you mean '" + suggestion + "'?", null);
        this.suggestion = suggestion;
    }

    /**
     * A server answered that something the caller named does not exist (revision 2026-07-28: a
     * resource read answered {@code -32602} with {@code data.uri}).
     *
     * @param cause the server's {@link McpError}, with its code and data
     */
    public McpNotFoundException(String server, String message, Throwable cause) {
        super(server, message, cause);
        this.suggestion = null;
    }

    /** The available name closest to the one asked for, if any is close. */
    public Optional<String> suggestion() {
        return Optional.ofNullable(suggestion);
    }
}
