package io.mcphost.host;

/**
 * Where one server of an {@link McpHost} is in its life. Only a {@link #READY} server contributes
 * to the catalog and receives calls.
 *
 * <pre>
 * STARTING ──▶ READY ──(connection lost)──▶ RECONNECTING ──▶ READY
 *     │                                          │
 *     ├──▶ FAILED ◀──(attempts exhausted)────────┘        any ──(remove/close)──▶ STOPPED
 *     └──▶ AUTH_REQUIRED (OAuth needs a user: log in, then restart)
 * </pre>
 */
public enum ServerState {
    /** Being started: the process or connection is opening, or the handshake is running. */
    STARTING,
    /** Connected and listed; its tools, prompts and resources are in the catalog. */
    READY,
    /** The connection was lost; waiting to reconnect, or reconnecting, with backoff. */
    RECONNECTING,
    /** Could not be started, or reconnecting gave up; {@link McpHost#restartServer(String)} tries again. */
    FAILED,
    /**
     * The server wants OAuth authorisation by a user and no one could give it while starting (no
     * authorization handler, or the user did not finish): not a failure of the server. Its
     * {@linkplain ServerStatus#lastError() last error} says how to authorise (e.g. {@code mcphost
     * --url … login}); {@link McpHost#restartServer(String)} then picks up the stored token. The
     * other servers keep serving.
     */
    AUTH_REQUIRED,
    /** Removed from the host, or the host was closed. */
    STOPPED
}
