package io.mcphost.transport.stdio.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Who reads: the reader thread stands aside only for callers that lead while nothing else waits. */
class ReadTurnTest {
    /** Long enough that only a wake-up, never the clock, ends the standing aside or a pause within a test. */
    private static final long LONG = TimeUnit.SECONDS.toNanos(30);
    private static final long BUDGET = TimeUnit.MICROSECONDS.toNanos(100);

    /** The reader thread's loop: take the turn, count it, give it back at once. */
    private static Thread reader(ReadTurn turn, AtomicInteger turns, CountDownLatch stop) {
        return Thread.ofPlatform().daemon().start(() -> {
            while (stop.getCount() > 0) {
                turn.awaitReaderTurn(() -> stop.getCount() == 0);
                turns.incrementAndGet();
                turn.release();
            }
        });
    }

    /**
     * Runs {@code body} on another platform thread and returns what it returned: a platform thread,
     * since virtual leaders share a JVM-wide permit that other tests' transports may hold.
     */
    private static boolean elsewhere(java.util.function.BooleanSupplier body) throws Exception {
        return CompletableFuture.supplyAsync(body::getAsBoolean, r -> Thread.ofPlatform().daemon().start(r))
                .get(10, TimeUnit.SECONDS);
    }

    @Test
    void aCallerLeadsWhenTheReaderHoldsNothing() throws Exception {
        var turn = new ReadTurn(LONG, BUDGET, LONG);

        assertThat(turn.mayLead()).isTrue();
        assertThat(turn.tryLead(() -> 1)).isTrue();
        assertThat(elsewhere(() -> turn.tryLead(() -> 1))).as("a second leader").isFalse();
        turn.endLead(true, true);
        assertThat(elsewhere(() -> leadAndEnd(turn))).isTrue();
    }

    @Test
    void aThreadThatHoldsTheTurnDoesNotLeadAgain() throws Exception {
        var turn = new ReadTurn(LONG, BUDGET, LONG);
        assertThat(turn.tryLead(() -> 1)).isTrue();
        assertThat(turn.tryLead(() -> 1)).as("a nested lead, e.g. from a callback that waits").isFalse();
        turn.endLead(true, true);
        assertThat(elsewhere(() -> leadAndEnd(turn))).as("the turn is free after the one lead ended").isTrue();

        turn.awaitReaderTurn(() -> false); // the reader thread, in a callback during its read
        assertThat(turn.tryLead(() -> 1)).isFalse();
        turn.release();
        assertThat(elsewhere(() -> leadAndEnd(turn))).isTrue();
    }

    /** Leads if it can and ends the lead answered, so no test leaves the turn held by a finished thread. */
    private static boolean leadAndEnd(ReadTurn turn) {
        boolean led = turn.tryLead(() -> 1);
        if (led) {
            turn.endLead(true, false);
        }
        return led;
    }

    @Test
    void theReaderStandsAsideAfterACallerWantedTheTurnAndWakesWhenAsked() throws Exception {
        var turn = new ReadTurn(LONG, BUDGET, LONG);
        turn.awaitReaderTurn(() -> false); // this thread plays the reader in its read
        assertThat(elsewhere(() -> turn.tryLead(() -> 0))).as("the reader holds the turn").isFalse();
        turn.release();

        var turns = new AtomicInteger();
        var stop = new CountDownLatch(1);
        Thread reader = reader(turn, turns, stop);
        try {
            Thread.sleep(200);
            assertThat(turns).as("standing aside for the caller that wanted the turn").hasValue(0);
            assertThat(elsewhere(() -> {
                boolean led = turn.tryLead(() -> 1);
                if (led) {
                    turn.endLead(true, true);
                }
                return led;
            })).isTrue();
            Thread.sleep(100);
            assertThat(turns).as("still standing aside after a lead").hasValue(0);

            turn.wakeReader();
            awaitAtLeast(turns, 1);
        } finally {
            stop.countDown();
            turn.wakeReader();
            reader.join(Duration.ofSeconds(10));
        }
    }

    @Test
    void theReaderDoesNotStandAsideWhileRequestsWait() throws Exception {
        var turn = new ReadTurn(LONG, BUDGET, LONG);
        turn.awaitReaderTurn(() -> false);
        assertThat(elsewhere(() -> turn.tryLead(() -> 3))).isFalse(); // wanted, but three requests wait
        turn.release();

        var turns = new AtomicInteger();
        var stop = new CountDownLatch(1);
        Thread reader = reader(turn, turns, stop);
        try {
            awaitAtLeast(turns, 100);
        } finally {
            stop.countDown();
            reader.join(Duration.ofSeconds(10));
        }
    }

    @Test
    void aLeadThatGivesUpWakesTheReaderAndPausesLeading() throws Exception {
        var turn = new ReadTurn(LONG, BUDGET, LONG);
        turn.awaitReaderTurn(() -> false);
        elsewhere(() -> turn.tryLead(() -> 0));
        turn.release();
        var turns = new AtomicInteger();
        var stop = new CountDownLatch(1);
        Thread reader = reader(turn, turns, stop);
        try {
            Thread.sleep(100);
            assertThat(turns).hasValue(0);
            assertThat(elsewhere(() -> {
                boolean led = turn.tryLead(() -> 1);
                if (led) {
                    turn.endLead(false, false); // no answer within the budget
                }
                return led && !turn.mayLead(); // paused (for 30 s with this turn's settings)
            })).as("led, then paused").isTrue();

            awaitAtLeast(turns, 1);
        } finally {
            stop.countDown();
            reader.join(Duration.ofSeconds(10));
        }
    }

    @Test
    void theReaderStopsStandingAsideWhenTheTransportCloses() throws Exception {
        var turn = new ReadTurn(LONG, BUDGET, LONG);
        turn.awaitReaderTurn(() -> false);
        elsewhere(() -> turn.tryLead(() -> 0));
        turn.release();
        var turns = new AtomicInteger();
        var stop = new CountDownLatch(1);
        Thread reader = reader(turn, turns, stop);

        stop.countDown();
        turn.wakeReader();
        reader.join(Duration.ofSeconds(10));
        assertThat(reader.isAlive()).isFalse();
    }

    private static void awaitAtLeast(AtomicInteger counter, int n) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (counter.get() < n && System.nanoTime() < end) {
            Thread.sleep(1);
        }
        assertThat(counter.get()).isGreaterThanOrEqualTo(n);
    }
}
