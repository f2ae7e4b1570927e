package io.mcphost.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.transport.stdio.Lifecycle.State;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LifecycleTest {

    @Test
    void aServerWhoseEndWasReportedIsClosedWithoutASecondReport() {
        var lifecycle = new Lifecycle();
        lifecycle.move(State.NEW, State.OPEN);
        lifecycle.move(State.OPEN, State.ENDING);

        assertThat(lifecycle.claimReport()).isTrue();
        assertThat(lifecycle.claimClose()).isTrue();
        assertThat(lifecycle.claimReport()).isFalse();
        assertThat(lifecycle.get()).isEqualTo(State.CLOSING_REPORTED);
    }

    @Test
    void onlyTheFirstCloseClaimsItAndTheReportStillComesOnce() {
        var lifecycle = new Lifecycle();
        lifecycle.move(State.NEW, State.OPEN);

        assertThat(lifecycle.claimClose()).isTrue();
        assertThat(lifecycle.claimClose()).isFalse();
        assertThat(lifecycle.move(State.OPEN, State.ENDING)).as("a server cannot end once close began").isFalse();
        assertThat(lifecycle.claimReport()).isTrue();
        assertThat(lifecycle.claimReport()).isFalse();
    }

    @Test
    void aWaiterWakesWhenTheCloseFinishesAndGivesUpAtItsDeadline() throws Exception {
        var lifecycle = new Lifecycle();
        lifecycle.claimClose();

        assertThat(lifecycle.await(s -> s == State.CLOSED, Duration.ofMillis(20))).isFalse();
        var waiter = CompletableFuture.supplyAsync(() -> lifecycle.await(s -> s == State.CLOSED, Duration.ofSeconds(10)));
        lifecycle.finish();

        assertThat(waiter.get(5, TimeUnit.SECONDS)).isTrue();
    }
}
