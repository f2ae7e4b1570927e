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

    /** The reader thread's loop, counting its turns: take the turn, give it back at once. */
    private static final class Reader implements AutoCloseable {
        final AtomicInteger turns = new AtomicInteger();
        private final ReadTurn turn;
        private final CountDownLatch stop = new CountDownLatch(1);
        private final Thread thread;

        Reader(ReadTurn turn) {
            this.turn = turn;
            this.thread = Thread.ofPlatform().daemon().start(() -> {
                while (stop.getCount() > 0) {
                    turn.awaitReaderTurn(() -> stop.getCount() == 0);
                    turns.incrementAndGet();
                    turn.release();
                }
            });
        }

        /** Closes the transport: the reader stops standing aside and ends. */
        @Override
        public void close() throws InterruptedException {
            stop.countDown();
            turn.wakeReader();
            thread.join(Duration.ofSeconds(10));
            assertThat(thread.isAlive()).as("the reader thread ended").isFalse();
        }
    }

    /**
     * Runs {@code body} on another platform thread and returns what it returned: a platform thread,
     * since virtual leaders share a JVM-wide permit that other tests' transports may hold.
     */
    private static boolean elsewhere(java.util.function.BooleanSupplier body) throws Exception {
        return CompletableFuture.supplyAsync(body::getAsBoolean, r -> Thread.ofPlatform().daemon().start(r))
                .get(10, TimeUnit.SECONDS);
    }

    /** This thread plays the reader in its read while a caller, with {@code waiting} requests waiting, tries to lead. */
    private static void callerTriesDuringARead(ReadTurn turn, int waiting) throws Exception {
        turn.awaitReaderTurn(() -> false);
        assertThat(elsewhere(() -> turn.tryLead(() -> waiting))).as("the reader holds the turn").isFalse();
        turn.release();
    }

    /** Leads if it can and ends the lead, so no test leaves the turn held by a finished thread. */
    private static boolean leadAndEnd(ReadTurn turn, boolean answered, boolean standAside) {
        boolean led = turn.tryLead(() -> 1);
        if (led) {
            turn.endLead(answered, standAside);
        }
        return led;
    }

    @Test
    void aCallerLeadsWhenTheReaderHoldsNothing() throws Exception {
        var turn = new ReadTurn(LONG, BUDGET, LONG);

        assertThat(turn.mayLead()).isTrue();
        assertThat(turn.tryLead(() -> 1)).isTrue();
        assertThat(elsewhere(() -> turn.tryLead(() -> 1))).as("a second leader").isFalse();
        turn.endLead(true, true);
        assertThat(elsewhere(() -> leadAndEnd(turn, true, false))).isTrue();
    }

    @Test
    void aThreadThatHoldsTheTurnDoesNotLeadAgain() throws Exception {
        var turn = new ReadTurn(LONG, BUDGET, LONG);
        assertThat(turn.tryLead(() -> 1)).isTrue();
        assertThat(turn.tryLead(() -> 1)).as("a nested lead, e.g. from a callback that waits").isFalse();
        turn.endLead(true, true);
        assertThat(elsewhere(() -> leadAndEnd(turn, true, false))).as("the turn is free after the one lead ended").isTrue();

        turn.awaitReaderTurn(() -> false); // the reader thread, in a callback during its read
        assertThat(turn.tryLead(() -> 1)).isFalse();
        turn.release();
        assertThat(elsewhere(() -> leadAndEnd(turn, true, false))).isTrue();
    }

    @Test
    void theReaderStandsAsideAfterACallerWantedTheTurnAndWakesWhenAsked() throws Exception {
        var turn = new ReadTurn(LONG, BUDGET, LONG);
        callerTriesDuringARead(turn, 0);

        try (var reader = new Reader(turn)) {
            Thread.sleep(200);
            assertThat(reader.turns).as("standing aside for the caller that wanted the turn").hasValue(0);
            assertThat(elsewhere(() -> leadAndEnd(turn, true, true))).isTrue();
            Thread.sleep(100);
            assertThat(reader.turns).as("still standing aside after a lead").hasValue(0);

            turn.wakeReader();
            awaitAtLeast(reader.turns, 1);
        }
    }

    @Test
    void theReaderDoesNotStandAsideWhileRequestsWait() throws Exception {
        var turn = new ReadTurn(LONG, BUDGET, LONG);
        callerTriesDuringARead(turn, 3); // wanted, but three requests wait

        try (var reader = new Reader(turn)) {
            awaitAtLeast(reader.turns, 100);
        }
    }

    @Test
    void aLeadThatGivesUpWakesTheReaderAndPausesLeading() throws Exception {
        var turn = new ReadTurn(LONG, BUDGET, LONG);
        callerTriesDuringARead(turn, 0);

        try (var reader = new Reader(turn)) {
            Thread.sleep(100);
            assertThat(reader.turns).hasValue(0);
            // no answer within the budget; then paused (for 30 s with this turn's settings)
            assertThat(elsewhere(() -> leadAndEnd(turn, false, false) && !turn.mayLead())).as("led, then paused").isTrue();

            awaitAtLeast(reader.turns, 1);
        }
    }

    @Test
    void theReaderStopsStandingAsideWhenTheTransportCloses() throws Exception {
        var turn = new ReadTurn(LONG, BUDGET, LONG);
        callerTriesDuringARead(turn, 0);

        var reader = new Reader(turn);
        reader.close(); // asserts that the reader thread ended
    }

    private static void awaitAtLeast(AtomicInteger counter, int n) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (counter.get() < n && System.nanoTime() < end) {
            Thread.sleep(1);
        }
        assertThat(counter.get()).isGreaterThanOrEqualTo(n);
    }
}
