package io.mcphost.client.internal;

import io.mcphost.client.ClientState;
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

    ConnectionState(String server) {
        this.server = server;
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

    /** The handshake's outcome. @throws IllegalStateException before it */
    Session session() {
        Session s = session;
        if (s == null) {
            throw new IllegalStateException("server '" + server + "' has not completed the handshake (state " + state.get() + ")");
        }
        return s;
    }

    /** The session, or empty before the first handshake. */
    Optional<Session> currentSession() {
        return Optional.ofNullable(session);
    }

    void session(Session installed) {
        session = installed;
    }
}
