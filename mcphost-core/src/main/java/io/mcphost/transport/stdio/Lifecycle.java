package io.mcphost.transport.stdio;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * Where one {@link StdioTransport} is in its life. Each transition is one compare-and-set, so of
 * threads racing (the reader seeing EOF, the exit watcher, the application's close) exactly one
 * wins and does the work; {@code onClosed} is called by whoever moves into a reported state.
 * Threads may wait, with a deadline, for a state. Thread-safe.
 */
final class Lifecycle {
    /** The states, in the order a transport passes through them (some are skipped). */
    enum State {
        /** Built; {@code start} not called. */
        NEW,
        /** Started; messages flow both ways. */
        OPEN,
        /** The server ended on its own; its reason is being gathered, then reported. */
        ENDING,
        /** The server's end was reported; a reaper (or the application) closes next. */
        ENDED,
        /** {@code close} runs; {@code onClosed(null)} is still to come. */
        CLOSING,
        /** {@code close} runs; {@code onClosed} was called. */
        CLOSING_REPORTED,
        /** Closed, or failed to start: final. */
        CLOSED;

        /** Whether close was asked for (or start failed): sends fail with McpClosedException. */
        boolean isClosing() {
            return this == CLOSING || this == CLOSING_REPORTED || this == CLOSED;
        }

        /** Whether onClosed may still be called, so inbound messages may still be delivered. */
        boolean isUnreported() {
            return reported() != null;
        }

        /** The state once {@code onClosed} is called; null when it was called already, or never may be. */
        State reported() {
            return switch (this) {
                case OPEN, ENDING -> ENDED;
                case CLOSING -> CLOSING_REPORTED;
                case NEW, ENDED, CLOSING_REPORTED, CLOSED -> null;
            };
        }

        /** The state close moves to; null when a close already runs or ran. */
        State closing() {
            return switch (this) {
                case NEW, OPEN, ENDING -> CLOSING;
                case ENDED -> CLOSING_REPORTED; // its end was reported: close must not report again
                case CLOSING, CLOSING_REPORTED, CLOSED -> null;
            };
        }
    }

    private final AtomicReference<State> state = new AtomicReference<>(State.NEW);
    /** Signalled on every transition, for threads waiting for a state. */
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();

    State get() {
        return state.get();
    }

    /** One compare-and-set transition; true for the one caller that made it. */
    boolean move(State from, State to) {
        if (!state.compareAndSet(from, to)) {
            return false;
        }
        signal();
        return true;
    }

    /** Claims the report: true for the one caller that must call onClosed. */
    boolean claimReport() {
        return claim(State::reported);
    }

    /** Claims the close: true for the one caller that must close. */
    boolean claimClose() {
        return claim(State::closing);
    }

    /** The final transition, whatever the state was. */
    void finish() {
        state.set(State.CLOSED);
        signal();
    }

    /**
     * Waits up to {@code limit} for the state to satisfy {@code wanted}. Blocks for at most
     * {@code limit}; an interrupt ends the wait early (the flag stays set).
     *
     * @return whether the state satisfies {@code wanted} now
     */
    boolean await(Predicate<State> wanted, Duration limit) {
        long nanos = limit.toNanos();
        lock.lock();
        try {
            while (!wanted.test(state.get())) {
                if (nanos <= 0) {
                    return false;
                }
                nanos = changed.awaitNanos(nanos);
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return wanted.test(state.get());
        } finally {
            lock.unlock();
        }
    }

    private boolean claim(UnaryOperator<State> next) {
        while (true) {
            State now = state.get();
            State to = next.apply(now);
            if (to == null) {
                return false;
            }
            if (move(now, to)) {
                return true;
            }
        }
    }

    private void signal() {
        lock.lock();
        try {
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String toString() {
        return state.get().name();
    }
}
