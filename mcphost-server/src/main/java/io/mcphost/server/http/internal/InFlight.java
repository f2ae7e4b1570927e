package io.mcphost.server.http.internal;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A count of pieces of work in progress that a stopping server can wait to fall to zero: the
 * endpoint keeps one for the exchanges it handles and one for the requests it runs (what a drain
 * waits for). Thread-safe; only {@link #awaitNone} blocks.
 */
final class InFlight {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition none = lock.newCondition();
    private int count;

    @FunctionalInterface
    interface IoAction {
        void run() throws IOException;
    }

    /** Runs {@code work} on the calling thread, counted while it runs. */
    void run(IoAction work) throws IOException {
        enter();
        try {
            work.run();
        } finally {
            leave();
        }
    }

    /** Counts one more piece of work; each call must be followed by one {@link #leave}. */
    void enter() {
        add(+1);
    }

    /** Counts one piece of work done, waking the waiters when it was the last. */
    void leave() {
        add(-1);
    }

    /**
     * Waits at most {@code limit} until nothing is in progress.
     *
     * @return whether the count fell to zero in time
     */
    boolean awaitNone(Duration limit) throws InterruptedException {
        long nanos = limit.toNanos();
        lock.lock();
        try {
            while (count > 0) {
                if (nanos <= 0) {
                    return false;
                }
                nanos = none.awaitNanos(nanos);
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    private void add(int delta) {
        lock.lock();
        try {
            count += delta;
            if (count == 0) {
                none.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }
}
