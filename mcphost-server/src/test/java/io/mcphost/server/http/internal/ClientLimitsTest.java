package io.mcphost.server.http.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The token bucket and the concurrency count per client, and the memory bound, on an injected clock. */
class ClientLimitsTest {
    private final AtomicLong clock = new AtomicLong(42);

    private void advanceMillis(long millis) {
        clock.addAndGet(TimeUnit.MILLISECONDS.toNanos(millis));
    }

    @Test
    void aBucketAdmitsItsBurstThenOneRequestPerRefill() {
        ClientLimits limits = new ClientLimits(0, 4, 2, clock::get);

        assertThat(limits.acquire("a", true)).isNull();
        assertThat(limits.acquire("a", true)).isNull();
        ClientLimits.Refusal refused = limits.acquire("a", true);
        advanceMillis(249);
        ClientLimits.Refusal early = limits.acquire("a", true);
        advanceMillis(1);

        assertThat(refused).isNotNull();
        assertThat(refused.retryAfterSeconds()).isEqualTo(1);
        assertThat(early).isNotNull();
        assertThat(limits.acquire("a", true)).isNull(); // a quarter second refills one token at 4 per second
        assertThat(limits.acquire("b", true)).isNull(); // another client has its own bucket
    }

    @Test
    void retryAfterIsTheWholeSecondsUntilTheNextToken() {
        ClientLimits limits = new ClientLimits(0, 0.1, 1, clock::get);
        limits.acquire("a", false);

        assertThat(limits.acquire("a", false).retryAfterSeconds()).isEqualTo(10);
        advanceMillis(2_500);
        assertThat(limits.acquire("a", false).retryAfterSeconds()).isEqualTo(8);
    }

    @Test
    void concurrencyCountsOnlyCountedRequestsUntilReleased() {
        ClientLimits limits = new ClientLimits(2, 0, 0, clock::get);

        assertThat(limits.acquire("a", true)).isNull();
        assertThat(limits.acquire("a", true)).isNull();
        assertThat(limits.acquire("a", false)).as("a listen stream is not counted").isNull();
        ClientLimits.Refusal refused = limits.acquire("a", true);
        limits.release("a");

        assertThat(refused.retryAfterSeconds()).isEqualTo(1);
        assertThat(limits.acquire("a", true)).isNull();
        assertThat(limits.acquire("b", true)).isNull();
    }

    @Test
    void aRefusalByConcurrencyUsesNoToken() {
        ClientLimits limits = new ClientLimits(1, 1, 2, clock::get);
        limits.acquire("a", true);

        assertThat(limits.acquire("a", true)).isNotNull(); // concurrency
        limits.release("a");
        assertThat(limits.acquire("a", true)).isNull(); // the second token is still there
    }

    @Test
    void restedClientsAreForgottenAndBusyOnesKept() {
        ClientLimits limits = new ClientLimits(5, 10, 10, clock::get);
        for (int i = 0; i < 1_000; i++) {
            limits.acquire("10.0.0." + i, false);
        }
        limits.acquire("busy", true);
        assertThat(limits.tracked()).isEqualTo(1_001);

        advanceMillis(1_000); // a tenth of a second refills one token: every bucket is full again
        limits.acquire("new", false);

        assertThat(limits.tracked()).isEqualTo(2); // "busy" still runs a request; "new" just took a token
        limits.release("busy");
        advanceMillis(1_000);
        limits.acquire("other", false);
        assertThat(limits.tracked()).isEqualTo(1);
    }
}
