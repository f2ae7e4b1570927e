package io.mcphost.client.internal;

import io.mcphost.client.ClientState;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpTransportException;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What the pipeline and its collaborators may read about a client's connection: its lifecycle
 * state, why it failed, and the session the last handshake settled. Only {@link RealMcpClient}
 * changes the state; the handshake (first or after expiry) installs the session. Thread-safe.
 */
final class ConnectionState {
    private final String server;
    private final AtomicReference<ClientState> state = new AtomicReference<>(ClientState.CREATED);
    private volatile Throwable failure;
    private volatile Session session;
    /** The era found by the last connect, kept across re-connects (re-probed when it stops holding). */
    private volatile io.mcphost.protocol.Era knownEra;
    /** Where the era outlives this client (a token store), or null. */
    private final EraMemory memory;

    ConnectionState(String server) {
        this(server, null);
    }

    ConnectionState(String server, EraMemory memory) {
        this.server = server;
        this.memory = memory;
        this.knownEra = memory == null ? null : memory.recall().orElse(null);
    }

    String server() {
        return server;
    }

    /** The lifecycle state; RealMcpClient moves it with compare-and-set. */
    AtomicReference<ClientState> lifecycle() {
        return state;
    }

    ClientState state() {
        return state.get();
    }

    Optional<Throwable> failure() {
        return Optional.ofNullable(failure);
    }

    void failure(Throwable cause) {
        failure = cause;
    }

    /**
     * The handshake's outcome.
     *
     * @throws McpTransportException naming the cause when the connection failed before a handshake
     *         completed (a call on a client whose connect() failed is a runtime condition, not misuse)
     * @throws McpClosedException when it was closed before one
     * @throws IllegalStateException before connect()
     */
    Session session() {
        Session s = session;
        if (s == null) {
            ClientState now = state.get();
            Throwable cause = failure;
            if (now == ClientState.FAILED) {
                throw new McpTransportException(server, "the connection failed before the handshake completed: "
                        + (cause instanceof McpException e ? e.detail() : String.valueOf(cause)), cause);
            }
            if (now == ClientState.CLOSED) {
                throw new McpClosedException(server, "the client was closed before the handshake completed", cause);
            }
            throw new IllegalStateException("server '" + server + "' has not completed the handshake (state " + now + ")");
        }
        return s;
    }

    /** The session, or empty before the first handshake. */
    Optional<Session> currentSession() {
        return Optional.ofNullable(session);
    }

    /** The era the last connect found; null before one. */
    io.mcphost.protocol.Era knownEra() {
        return knownEra;
    }

    /** Records the era a connect found, and remembers it beyond this client when it changed. */
    void knownEra(io.mcphost.protocol.Era era) {
        io.mcphost.protocol.Era before = knownEra;
        knownEra = era;
        if (memory != null && era != before) {
            memory.remember(era);
        }
    }

    void session(Session installed) {
        session = installed;
    }
}
