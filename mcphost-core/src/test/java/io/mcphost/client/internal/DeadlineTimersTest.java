package io.mcphost.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.McpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;

class DeadlineTimersTest {

    @Test
    void theDefaultMaximumIsTenTimeoutsAndSaturatesInsteadOfOverflowing() {
        for (Duration timeout : List.of(Duration.ofMillis(1), Duration.ofSeconds(30), Duration.ofNanos(999_999_999),
                Duration.ofSeconds(7, 123_456_789), Duration.ofDays(400))) {
            assertThat(Deadline.Policy.defaultMaxTotal(timeout)).as("%s", timeout)
                    .isEqualTo(timeout.multipliedBy(Deadline.DEFAULT_MAX_TOTAL_FACTOR));
        }
        Duration huge = Duration.ofSeconds(Long.MAX_VALUE / 5);
        assertThat(Deadline.Policy.defaultMaxTotal(huge)).isEqualTo(Duration.ofSeconds(Long.MAX_VALUE, 999_999_999));
    }

    @Test
    void aDeadlineFiresNeverEarlyAndLateByLittle() throws Exception {
        PendingRequests pending = new PendingRequests("s", 10_000);
        int count = 200;
        CountDownLatch fired = new CountDownLatch(count);
        AtomicLong worstEarly = new AtomicLong(Long.MIN_VALUE);
        AtomicLong worstLate = new AtomicLong();
        for (int i = 0; i < count; i++) {
            long timeout = TimeUnit.MILLISECONDS.toNanos(50 + i % 20);
            long start = System.nanoTime();
            pending.register("m", Deadline.Policy.fixed(Duration.ofNanos(timeout)), Optional.empty()).future()
                    .whenComplete((r, e) -> {
                        long late = System.nanoTime() - start - timeout;
                        assertThat(e).isInstanceOf(McpTimeoutException.class);
                        worstEarly.accumulateAndGet(-late, Math::max);
                        worstLate.accumulateAndGet(late, Math::max);
                        fired.countDown();
                    });
        }
        assertThat(fired.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(worstEarly.get()).as("ns early").isLessThanOrEqualTo(0);
        // 1 ms slots for deadlines this short, plus the timer thread's own delay on a busy machine.
        assertThat(Duration.ofNanos(worstLate.get())).isLessThan(Duration.ofMillis(500));
        assertEmptySoon(pending);
    }

    @Test
    void aRequestAnsweredInTimeDoesNotTimeOutAndTheOthersOfItsSlotStillDo() throws Exception {
        // Both fall due in the same slot. An attempt whose answer came after the deadline (a loaded machine
        // stalled this thread for 300 ms) proves nothing and is made again; none may time out once answered.
        for (int attempt = 0; attempt < 20; attempt++) {
            PendingRequests pending = new PendingRequests("s", 100);
            Deadline.Policy policy = Deadline.Policy.fixed(Duration.ofMillis(300));
            PendingRequests.Pending answered = pending.register("a", policy, Optional.empty());
            CompletableFuture<?> unanswered = pending.register("b", policy, Optional.empty()).future();
            boolean inTime = pending.complete(answered.id(), JsonNodeFactory.instance.objectNode());
            CountDownLatch timedOut = new CountDownLatch(1);
            unanswered.whenComplete((r, e) -> timedOut.countDown());
            assertThat(timedOut.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(unanswered).isCompletedExceptionally();
            if (!inTime) {
                continue;
            }
            assertThat(answered.future()).isCompleted().isNotCompletedExceptionally();
            return;
        }
        throw new AssertionError("in 20 attempts, not one answer came within 300 ms of its request");
    }

    @Test
    void aRequestDeadlineStillExpiresAfterProgressMovedIt() throws Exception {
        // Judged against when progress was reported, not against a sleep: a loaded machine may oversleep
        // past the first deadline, and then that attempt proves nothing and is made again.
        Duration timeout = Duration.ofMillis(60);
        for (int attempt = 0; attempt < 20; attempt++) {
            PendingRequests pending = new PendingRequests("s", 100);
            PendingRequests.Pending entry = pending.register("m", new Deadline.Policy(timeout, true, Duration.ofSeconds(5)), Optional.empty());
            AtomicLong expiredAt = new AtomicLong();
            CountDownLatch expired = new CountDownLatch(1);
            entry.future().whenComplete((r, e) -> {
                expiredAt.set(System.nanoTime());
                expired.countDown();
            });
            Thread.sleep(40);
            long progressedAt = System.nanoTime();
            entry.deadline().progressed(); // now due 60 ms after this
            assertThat(expired.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(entry.future()).isCompletedExceptionally();
            if (expiredAt.get() - progressedAt < 0) {
                continue; // it had expired before the report: the sleep overran the first deadline
            }
            assertThat(Duration.ofNanos(expiredAt.get() - progressedAt)).isGreaterThanOrEqualTo(timeout);
            return;
        }
        throw new AssertionError("in 20 attempts, not one progress report came before the first 60 ms deadline");
    }

    @Test
    void concurrentCallersAnsweredInTimeNeverTimeOutAndLateOnesAlwaysDo() throws Exception {
        // Many threads registering into the same slots while it fires: every unanswered request must
        // expire (none missed by a sweep racing a join), and no answered one may.
        PendingRequests pending = new PendingRequests("s", 100_000);
        AtomicInteger wrong = new AtomicInteger();
        java.util.Queue<CompletableFuture<?>> unanswered = new java.util.concurrent.ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            threads.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < 2_000; i++) {
                    PendingRequests.Pending entry = pending.register("m", Deadline.Policy.fixed(Duration.ofMillis(2)), Optional.empty());
                    if (i % 2 == 0) {
                        if (pending.complete(entry.id(), JsonNodeFactory.instance.objectNode())
                                && entry.future().isCompletedExceptionally()) {
                            wrong.incrementAndGet();
                        }
                    } else {
                        unanswered.add(entry.future());
                    }
                }
            }));
        }
        for (Thread thread : threads) {
            thread.join();
        }
        CompletableFuture.allOf(unanswered.stream().map(f -> f.exceptionally(e -> null)).toArray(CompletableFuture[]::new))
                .get(10, TimeUnit.SECONDS);
        assertThat(unanswered).allMatch(CompletableFuture::isCompletedExceptionally);
        assertThat(wrong.get()).isZero();
        assertEmptySoon(pending);
    }

    /**
     * The entry leaves the pending set in a callback of its future, which may run after the test's own
     * callbacks on that future (dependents run last-registered first): wait for it, briefly.
     */
    private static void assertEmptySoon(PendingRequests pending) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (pending.size() != 0 && System.nanoTime() < end) {
            Thread.sleep(1);
        }
        assertThat(pending.size()).isZero();
    }
}
