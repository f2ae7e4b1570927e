package io.mcphost.server.internal;

import io.mcphost.server.Caller;
import java.util.Optional;

/**
 * The caller of the request the current thread serves ({@link Caller#current()}): set by an
 * authenticating transport around its handling of one HTTP request, and carried over by hand to the
 * thread that request's handler runs on ({@link #runWith}). A plain thread-local, not an inheritable
 * one, so that no thread the server or a handler starts holds a caller it was not given.
 */
public final class CallerContext {
    private static final ThreadLocal<Caller> CURRENT = new ThreadLocal<>();

    private CallerContext() {
    }

    /** The current thread's caller; empty outside a request or on an unauthenticated transport. */
    public static Optional<Caller> current() {
        return Optional.ofNullable(CURRENT.get());
    }

    /** Runs {@code body} with {@code caller} as the current thread's caller, then restores the one before. */
    public static void runWith(Optional<Caller> caller, Runnable body) {
        try {
            runWithIo(caller, body::run);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e); // not thrown: a Runnable declares none
        }
    }

    /** {@link #runWith} for a body that may throw {@link java.io.IOException}. */
    public static void runWithIo(Optional<Caller> caller, IoBody body) throws java.io.IOException {
        Caller before = CURRENT.get();
        CURRENT.set(caller.orElse(null));
        try {
            body.run();
        } finally {
            if (before == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(before);
            }
        }
    }

    /** A body that may throw {@link java.io.IOException}. */
    @FunctionalInterface
    public interface IoBody {
        void run() throws java.io.IOException;
    }
}
