package io.mcphost.transport.stdio.internal;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;

/**
 * Whose turn it is to read a server's stdout: the transport's reader thread, or a caller that
 * waits for its answer and reads it itself (it "leads").
 *
 * <p>Why: a call answered through the reader thread waits for three wake-ups in turn (the server,
 * the reader, the caller); a leading caller polls the pipe and reads its answer itself, so the
 * reader's wake-up and the hand-over to the caller are gone. Only one thread reads at a time: the
 * turn is a lock, held by the reader thread for each blocking read and by a leader while it polls.
 *
 * <p>How the reader thread gives way: a caller that wanted to lead but found the reader holding the
 * turn marks it wanted; after its current line, if no request waits for an answer then, the reader
 * stands aside for {@link #DEFAULT_STAND_ASIDE} instead of reading again, and goes on standing aside
 * while callers keep leading. A lead that ends with other requests waiting, or that gives up, and a
 * caller that finds others waiting, call {@link #wakeReader}, and the reader reads again at once. So
 * a message nobody leads for (an answer for an async caller sent just after a lead, a notification
 * between calls) waits at most {@link #DEFAULT_STAND_ASIDE}.
 *
 * <p>What a lead costs: polling for at most the lead budget ({@link #DEFAULT_LEAD_BUDGET}). A lead
 * that gives up pauses leading on this connection for 1 ms, doubling up to 1 s, so a slow server
 * costs at most one budget of polling per pause. Leaders on virtual threads are at most one per two
 * processors in the JVM, since a polling leader holds its carrier.
 *
 * <p>Thread-safe. Nothing here blocks except {@link #awaitReaderTurn}, on the reader thread.
 */
public final class ReadTurn {
    /** How long the reader thread leaves the reading to callers after the last lead. */
    public static final long DEFAULT_STAND_ASIDE = TimeUnit.MICROSECONDS.toNanos(500);
    /**
     * How long a leader polls for its answer before it leaves it to the reader thread: a local
     * server answering a small call takes 15-60 µs, a Node or JVM server doing real work longer.
     * {@code -Dmcphost.stdio.leadMicros=0} turns leading off.
     */
    public static final long DEFAULT_LEAD_BUDGET =
            TimeUnit.MICROSECONDS.toNanos(Math.max(0, Long.getLong("mcphost.stdio.leadMicros", 200)));
    private static final long DEFAULT_MIN_PAUSE = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long MAX_PAUSE = TimeUnit.SECONDS.toNanos(1);
    /**
     * Leaders on virtual threads, JVM-wide, at most one per two processors: a leader polls on its
     * carrier, and the virtual threads that others' answers wake up need carriers to run on.
     */
    private static final Semaphore VIRTUAL_LEADERS = new Semaphore(Math.max(1, Runtime.getRuntime().availableProcessors() / 2));

    private final long standAside;
    private final long leadBudget;
    private final long minPause;
    private final ReentrantLock turn = new ReentrantLock();
    /** A caller found the reader thread holding the turn: stand aside after this line. */
    private volatile boolean wanted;
    /** Whether a caller leads; written by leaders only, so the reader's lines never write a shared field. */
    private volatile boolean leading;
    /** Until when ({@link System#nanoTime}) the reader thread stands aside. */
    private volatile long standUntil = System.nanoTime();
    /** No leading before this ({@link System#nanoTime}): a lead gave up lately. */
    private volatile long pauseUntil = System.nanoTime();
    private volatile Thread reader;
    /** The client's count of requests waiting for answers, as the last caller to try leading gave it. */
    private volatile IntSupplier waiting;
    /** The next pause after a lead that gives up; touched by the leader only. */
    private long pause;
    /** Whether the current leader holds a {@link #VIRTUAL_LEADERS} permit; touched by the leader only. */
    private boolean virtualLead;

    /** A turn with the default stand-aside time and lead budget. */
    public ReadTurn() {
        this(DEFAULT_STAND_ASIDE, DEFAULT_LEAD_BUDGET, DEFAULT_MIN_PAUSE);
    }

    ReadTurn(long standAsideNanos, long leadBudgetNanos, long minPauseNanos) {
        this.standAside = standAsideNanos;
        this.leadBudget = leadBudgetNanos;
        this.minPause = minPauseNanos;
        this.pause = minPauseNanos;
    }

    /**
     * For the reader thread: waits while callers lead or may soon, then returns holding the turn,
     * which the reader keeps for its blocking reads until a caller {@linkplain #wanted wants} it. Once {@code stop}
     * says so (the transport closes), it stops standing aside at its next wake-up.
     */
    public void awaitReaderTurn(BooleanSupplier stop) {
        if (reader != Thread.currentThread()) {
            reader = Thread.currentThread();
        }
        while (true) {
            if (wanted) {
                wanted = false;
                IntSupplier w = waiting;
                if (w != null && w.getAsInt() == 0) {
                    standUntil = System.nanoTime() + standAside;
                }
            }
            long left = standUntil - System.nanoTime();
            if (left > 0 && !stop.getAsBoolean()) {
                LockSupport.parkNanos(this, left);
                continue;
            }
            turn.lock();
            if (standUntil - System.nanoTime() > 0 && !stop.getAsBoolean()) {
                turn.unlock(); // a lead ended while we waited for the turn: the next caller may lead too
                continue;
            }
            return;
        }
    }

    /** Whether a caller wants the turn: the reader thread gives it up after its current line. */
    public boolean wanted() {
        return wanted;
    }

    /** Ends the reader thread's turn. */
    public void release() {
        turn.unlock();
    }

    /** Whether a caller may try to lead now: leading is on, and no lead gave up lately. */
    public boolean mayLead() {
        return leadBudget > 0 && pauseUntil - System.nanoTime() <= 0;
    }

    /** How long a leader polls for its answer before it leaves it to the reader thread. */
    public long leadBudget() {
        return leadBudget;
    }

    /**
     * For a caller that waits for its answer alone: takes the turn if nobody reads now. When the
     * reader thread holds it, marks it wanted, so the reader stands aside after its current line
     * if then no request waits. {@code waiting} counts the requests waiting for answers.
     */
    public boolean tryLead(IntSupplier waiting) {
        if (turn.isHeldByCurrentThread()) {
            // Already reading (a callback on the reader thread or on a leader waits for an answer): a
            // nested lead would end the outer one's bookkeeping; this caller waits like any other.
            return false;
        }
        this.waiting = waiting;
        boolean virtual = Thread.currentThread().isVirtual();
        if (virtual && !VIRTUAL_LEADERS.tryAcquire()) {
            return false; // enough carriers poll already: this caller parks and frees its carrier
        }
        if (turn.tryLock()) {
            virtualLead = virtual;
            leading = true;
            return true;
        }
        if (virtual) {
            VIRTUAL_LEADERS.release();
        }
        if (!leading && !wanted) {
            wanted = true; // the reader thread holds the turn, in its read or about to be
        }
        return false;
    }

    /**
     * Ends a lead. With its answer and nothing else waiting ({@code standAside}), the reader goes on
     * standing aside for the next caller; otherwise it reads again at once. Without its answer (the
     * budget ran out, or the read failed), leading pauses on this connection.
     */
    public void endLead(boolean answered, boolean standAside) {
        long now = System.nanoTime();
        if (answered) {
            pause = minPause;
        } else {
            pauseUntil = now + pause;
            pause = Math.min(pause * 2, MAX_PAUSE);
        }
        if (standAside) {
            standUntil = now + this.standAside;
        }
        if (virtualLead) {
            virtualLead = false;
            VIRTUAL_LEADERS.release();
        }
        leading = false;
        turn.unlock();
        if (!standAside) {
            wakeReader();
        }
    }

    /** Lets the reader thread read again now, if it stands aside: others wait, or the transport closes. */
    public void wakeReader() {
        if (wanted) {
            wanted = false; // written only when set: callers under load come here on every call
        }
        long now = System.nanoTime();
        if (standUntil - now > 0) {
            standUntil = now;
            Thread r = reader;
            if (r != null) {
                LockSupport.unpark(r);
            }
        }
    }
}
