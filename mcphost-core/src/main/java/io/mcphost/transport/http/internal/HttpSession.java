package io.mcphost.transport.http.internal;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Streamable HTTP session as {@link StreamableHttpEngine} holds it: the {@code Mcp-Session-Id} in use, the
 * one the server forgot (until a new initialize succeeds), the negotiated revision every request names, and
 * the generation of the listening stream (bumped whenever that stream must stop). Thread-safe: requests on
 * many threads read and replace it at once.
 */
final class HttpSession {
    private static final Logger LOG = LoggerFactory.getLogger(StreamableHttpEngine.class);

    /**
     * {@code id}: the session in use (null: none yet, none assigned, or forgotten); {@code expired}: the session
     * the server forgot, until a new initialize succeeds (null when none was lost). One reference for both: a
     * request that finds no session must also find that it expired, or it goes out without one and the server's
     * 400 reads as a failure, not as an expiry to recover from. (Two fields, cleared and set one after the
     * other, left that gap.)
     */
    record State(String id, String expired) {
        static final State NONE = new State(null, null);
    }

    private final String name;
    private final AtomicReference<State> state = new AtomicReference<>(State.NONE);
    private volatile String protocolVersion;
    private final AtomicLong listenGeneration = new AtomicLong();

    /** {@code name}: the server's, for logs. */
    HttpSession(String name) {
        this.name = name;
    }

    State state() {
        return state.get();
    }

    /** The session in use, or null. */
    String id() {
        return state.get().id();
    }

    /**
     * A 2xx answered a request sent in session {@code used}: the id the server assigned ({@code assigned}, may
     * be null) replaces that one (not a newer one); a successful initialize ends the expiry (a new session, or a
     * server that stopped using them).
     */
    void answered(String assigned, String used, boolean initialize) {
        if (assigned != null || initialize) {
            state.updateAndGet(s -> new State(assigned != null && Objects.equals(s.id(), used) ? assigned : s.id(),
                    initialize ? null : s.expired()));
        }
    }

    /** The session is gone: forget its id (unless a newer one replaced it) and stop listening on it. */
    void expire(String used) {
        State before;
        do {
            before = state.get();
            if (!used.equals(before.id())) {
                return; // replaced by a newer session already, or forgotten by another request
            }
        } while (!state.compareAndSet(before, new State(null, used)));
        protocolVersion = null;
        listenGeneration.incrementAndGet();
        LOG.debug("server '{}': session {} expired", name, SessionChecks.abbreviate(used));
    }

    /** The handshake agreed on {@code version}: sent from now on; returns the new listening generation. */
    long negotiated(String version) {
        protocolVersion = version;
        return listenGeneration.incrementAndGet();
    }

    /** The listening generation now: a stream started in an older one stops. */
    long generation() {
        return listenGeneration.get();
    }

    /** Closing: stops listening, forgets the session; returns the id that was in use (null: none). */
    String end() {
        listenGeneration.incrementAndGet();
        return state.getAndUpdate(s -> new State(null, s.expired())).id();
    }

    /** Adds the session's headers (its id when there is one, the negotiated revision once agreed); returns {@code builder}. */
    Outgoing withSession(Outgoing builder, String session) {
        if (session != null) {
            builder.header("Mcp-Session-Id", session);
        }
        String version = protocolVersion;
        if (version != null) {
            builder.header("MCP-Protocol-Version", version);
        }
        return builder;
    }
}
