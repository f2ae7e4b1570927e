package io.mcphost.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class DeadlineTimersTest {

    @Test
    void aDeadlineFiresNeverEarlyAndLateByLittle() throws Exception {
        int count = 200;
        CountDownLatch fired = new CountDownLatch(count);
        AtomicLong worstEarly = new AtomicLong();
        AtomicLong worstLate = new AtomicLong();
        long now = System.nanoTime();
        for (int i = 0; i < count; i++) {
            long due = now + TimeUnit.MILLISECONDS.toNanos(50 + i % 20);
            DeadlineTimers.join(() -> {
                long late = System.nanoTime() - due;
                worstEarly.accumulateAndGet(-late, Math::max);
                worstLate.accumulateAndGet(late, Math::max);
                fired.countDown();
            }, due);
        }
        assertThat(fired.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(worstEarly.get()).as("ns early").isLessThanOrEqualTo(0);
        // 1 ms slots for deadlines this short, plus the timer thread's own delay on a busy machine.
        assertThat(Duration.ofNanos(worstLate.get())).isLessThan(Duration.ofMillis(500));
    }

    @Test
    void aDeadlineThatLeftItsSlotDoesNotFire() throws Exception {
        AtomicInteger firedLeft = new AtomicInteger();
        CountDownLatch keptFired = new CountDownLatch(1);
        long due = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(30);
        List<DeadlineTimers.Slot> slots = new ArrayList<>();
        DeadlineTimers.Member left = firedLeft::incrementAndGet;
        slots.add(DeadlineTimers.join(left, due));
        DeadlineTimers.join(keptFired::countDown, due); // same slot: it must still fire
        assertThat(slots.getFirst().leave(left)).isTrue();
        assertThat(keptFired.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(firedLeft.get()).isZero();
    }

    @Test
    void aRequestDeadlineStillExpiresAfterProgressMovedIt() throws Exception {
        Deadline deadline = new Deadline(new Deadline.Policy(Duration.ofMillis(60), true, Duration.ofSeconds(5)));
        CountDownLatch expired = new CountDownLatch(1);
        long start = System.nanoTime();
        deadline.start(expired::countDown);
        Thread.sleep(40);
        deadline.progressed(); // now due 60 ms after this
        assertThat(expired.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(100));
    }
}
