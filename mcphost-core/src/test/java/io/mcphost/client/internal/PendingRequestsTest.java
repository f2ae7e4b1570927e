package io.mcphost.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.CallOptions;
import io.mcphost.protocol.McpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;

class PendingRequestsTest {
    private static final Deadline.Policy LONG = Deadline.Policy.fixed(Duration.ofMinutes(5));

    /** What onGivenUp saw: the failure, and whether the entry was still pending then. */
    private record GivenUp(Throwable error, boolean stillPending) {
    }

    @Test
    void aCancelledRequestIsToldOnceAfterItsEntryIsGone() {
        PendingRequests pending = new PendingRequests("s", 10);
        List<GivenUp> told = new CopyOnWriteArrayList<>();
        PendingRequests.Pending entry = pending.register("tools/call", LONG, Optional.empty(), CallOptions.defaults(),
                PendingRequests.NO_TAP, (e, error) -> told.add(new GivenUp(error, pending.get(e.id()).isPresent())));
        entry.future().cancel(false);
        entry.future().cancel(false);
        assertThat(told).hasSize(1);
        assertThat(told.getFirst().error()).isInstanceOf(CancellationException.class);
        assertThat(told.getFirst().stillPending()).isFalse();
        assertThat(pending.size()).isZero();
    }

    @Test
    void aTimedOutRequestIsToldWithItsTimeout() throws Exception {
        PendingRequests pending = new PendingRequests("s", 10);
        CompletableFuture<Throwable> told = new CompletableFuture<>();
        PendingRequests.Pending entry = pending.register("tools/call", Deadline.Policy.fixed(Duration.ofMillis(20)),
                Optional.empty(), CallOptions.defaults(), PendingRequests.NO_TAP, (e, error) -> told.complete(error));
        assertThat(told.get(10, TimeUnit.SECONDS)).isInstanceOf(McpTimeoutException.class);
        assertThat(entry.future().isCompletedExceptionally()).isTrue();
        assertThat(pending.size()).isZero();
    }

    @Test
    void anAnsweredOrRefusedRequestIsNotToldItWasGivenUp() {
        PendingRequests pending = new PendingRequests("s", 10);
        List<Throwable> told = new CopyOnWriteArrayList<>();
        PendingRequests.Pending answered = pending.register("tools/call", LONG, Optional.empty(), CallOptions.defaults(),
                PendingRequests.NO_TAP, (e, error) -> told.add(error));
        PendingRequests.Pending refused = pending.register("tools/call", LONG, Optional.empty(), CallOptions.defaults(),
                PendingRequests.NO_TAP, (e, error) -> told.add(error));
        assertThat(pending.complete(answered.id(), JsonNodeFactory.instance.objectNode())).isTrue();
        assertThat(pending.fail(refused.id(), new io.mcphost.protocol.McpProtocolException("s", "refused"))).isTrue();
        assertThat(told).isEmpty();
        assertThat(pending.size()).isZero();
    }
}
