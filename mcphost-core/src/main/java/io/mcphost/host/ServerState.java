package io.mcphost.host;

/**
 * Where one server of an {@link McpHost} is in its life. Only a {@link #READY} server contributes
 * to the catalog and receives calls.
 *
 * <pre>
 * STARTING ──▶ READY ──(connection lost)──▶ RECONNECTING ──▶ READY
 *     │                                          │
 *     ├──▶ FAILED ◀──(attempts exhausted)────────┘        any ──(remove/close)──▶ STOPPED
 *     └──▶ AUTH_REQUIRED ──(the user authorised; with a host authorization handler)──▶ STARTING ──▶ READY
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
     * The server wants OAuth authorisation by a user: not a failure of the server; the other servers
     * keep serving. With a host {@linkplain McpHostBuilder#authorization authorization handler}, the
     * flow waits for the user at {@link ServerStatus#authorizationUrl()} and the server becomes READY
     * by itself once they have finished. Without one (or once the flow gave up), its
     * {@linkplain ServerStatus#lastError() last error} says how to authorise (e.g. {@code mcphost
     * --url … login}); {@link McpHost#restartServer(String)} then picks up the stored token.
     */
    AUTH_REQUIRED,
    /** Removed from the host, or the host was closed. */
    STOPPED
}
