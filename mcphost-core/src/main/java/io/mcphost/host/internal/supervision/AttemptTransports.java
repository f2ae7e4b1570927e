package io.mcphost.host.internal.supervision;

import io.mcphost.auth.AuthorizationHandler;
import io.mcphost.host.ServerSpec;
import io.mcphost.transport.Transport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The transports of one server's connection attempts: a new one from the spec for each attempt,
 * except that a re-openable transport (HTTP) is kept across reconnects, with what it learned (such as
 * the SSE fallback). Thread-safe; creating a transport does no I/O.
 */
final class AttemptTransports {
    private final ServerSpec spec;
    /** What the transports' OAuth flows show their URL through; may be null. */
    private final AuthorizationHandler authorization;
    private final ReentrantLock lock = new ReentrantLock();
    /** The latest transport; written under the lock, volatile for {@link #describe}. */
    private volatile Transport latest;

    AttemptTransports(ServerSpec spec, AuthorizationHandler authorization) {
        this.spec = spec;
        this.authorization = authorization;
    }

    /** The transport of the next attempt. @throws RuntimeException if the spec cannot make one (a bad header, an unset variable) */
    Transport next() {
        lock.lock();
        try {
            if (latest != null && latest.capability(io.mcphost.transport.Reopenable.class).isPresent()) {
                return latest;
            }
            latest = spec.newTransport(authorization);
            return latest;
        } finally {
            lock.unlock();
        }
    }

    /** The latest transport's description, for the status. Never blocks. */
    String describe() {
        Transport t = latest;
        return t != null ? t.describe() : "(not started)";
    }
}
