package io.mcphost.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.RecordingHandler;
import io.mcphost.transport.stdio.internal.ProcessTree;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** How a stdio server's end is reported, and how close ends it within its budget. */
class StdioLifecycleTest {
    private static final Duration DEADLINE = Duration.ofSeconds(10);

    private static StdioTransport started(List<String> command, String name, RecordingHandler handler) {
        StdioTransport transport = StdioTransport.builder(command).name(name).build();
        transport.start(handler);
        return transport;
    }

    private static Duration timed(Runnable action) {
        long start = System.nanoTime();
        action.run();
        return Duration.ofNanos(System.nanoTime() - start);
    }

    @Test
    void aServerThatExitsIsReportedWithItsExitCodeAndStderrTail() {
        var handler = new RecordingHandler();
        try (var transport = started(Fixtures.bash("dies-with-message.sh"), "dying", handler)) {
            var cause = handler.awaitClosed(DEADLINE);

            assertThat(cause).get().isInstanceOf(McpTransportException.class)
                    .extracting(Throwable::getMessage).asString()
                    .startsWith("server 'dying': server process exited with code 3")
                    .contains("loading config...\nfatal: API_KEY is not set");
            assertThat(transport.process().orElseThrow().isAlive()).isFalse();
        }
    }

    @Test
    void aDeathIsReportedWithinOneHundredMillisecondsOfTheExit() throws Exception {
        var exitedAt = new AtomicLong();
        var reportedAt = new CompletableFuture<Long>();
        var handler = new RecordingHandler() {
            @Override
            public void onClosed(McpTransportException cause) {
                reportedAt.complete(System.nanoTime());
                super.onClosed(cause);
            }
        };
        try (var transport = started(Fixtures.bash("dies-on-first-line.sh"), "fragile", handler)) {
            var exit = transport.process().orElseThrow().onExit().thenRun(() -> exitedAt.set(System.nanoTime()));
            transport.send(JsonRpcNotification.of("anything", null));

            long reported = reportedAt.get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
            exit.get(DEADLINE.toSeconds(), TimeUnit.SECONDS);

            assertThat(Duration.ofNanos(reported - exitedAt.get())).isLessThan(Duration.ofMillis(100));
            assertThat(handler.awaitClosed(DEADLINE)).get().extracting(Throwable::getMessage).asString()
                    .contains("exited with code 9", "panic: cannot handle");
        }
    }

    @Test
    void anExitIsReportedEvenWhenAGrandchildKeepsStdoutOpen() {
        var handler = new RecordingHandler();
        var transport = started(Fixtures.bash("exits-leaving-stdout-open.sh"), "orphaning", handler);
        Await.until(DEADLINE, () -> transport.stderrTail().contains("grandchild "), "the grandchild's pid on stderr");
        long grandchild = grandchildPid(transport);
        try {
            var cause = handler.awaitClosed(DEADLINE);

            assertThat(cause).get().extracting(Throwable::getMessage).asString()
                    .contains("exited with code 5", "fatal: lost the database");
            assertThatThrownBy(() -> transport.send(JsonRpcNotification.of("late", null)))
                    .isInstanceOf(McpTransportException.class).hasMessageContaining("exited with code 5");
        } finally {
            transport.close();
            // Its parent died at once, before any look at the tree: re-parented, it is no longer findable.
            ProcessHandle.of(grandchild).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void theChildrenOfAServerThatDiesAreStoppedToo() {
        var handler = new RecordingHandler();
        var transport = started(Fixtures.bash("spawns-then-dies-on-input.sh"), "parent", handler);
        Await.until(DEADLINE, () -> transport.stderrTail().contains("grandchild "), "the grandchild's pid on stderr");
        long pid = grandchildPid(transport);
        ProcessHandle grandchild = ProcessHandle.of(pid).orElseThrow();
        try {
            Await.until(DEADLINE, () -> transport.tree().orElseThrow().known().contains(grandchild), "the tree watcher to find the grandchild");

            transport.send(JsonRpcNotification.of("crash now", null));

            assertThat(handler.awaitClosed(DEADLINE)).get().extracting(Throwable::getMessage).asString()
                    .contains("exited with code 6", "fatal: crashed");
            Await.until(DEADLINE, () -> !ProcessTree.isRunning(grandchild), "the orphaned grandchild to be stopped");
        } finally {
            grandchild.destroyForcibly();
        }
    }

    private static long grandchildPid(StdioTransport transport) {
        return Long.parseLong(transport.stderrTail().lines()
                .filter(l -> l.startsWith("grandchild ")).findFirst().orElseThrow().substring(11).strip());
    }

    @Test
    void closeKillsAServerThatIgnoresSigtermAndItsGrandchildWithinTheBudget() {
        var handler = new RecordingHandler();
        var transport = started(Fixtures.bash("ignores-sigterm.sh"), "stubborn", handler);
        Await.until(DEADLINE, () -> transport.stderrTail().contains("started grandchild"), "the grandchild to start");
        List<ProcessHandle> tree = Fixtures.treeOf(transport);
        assertThat(tree).hasSizeGreaterThanOrEqualTo(2);

        Duration took = timed(transport::close);

        assertThat(took).isLessThanOrEqualTo(Duration.ofSeconds(5));
        assertThat(tree).noneMatch(ProcessTree::isRunning);
        assertThat(handler.awaitClosed(DEADLINE)).isEmpty();
        assertThat(handler.closedCalls()).isEqualTo(1);
    }

    @Test
    void aSmallBudgetShrinksEveryStageOfTheClose() {
        var transport = started(Fixtures.bash("ignores-sigterm.sh"), "stubborn", new RecordingHandler());
        Await.until(DEADLINE, () -> transport.stderrTail().contains("started grandchild"), "the grandchild to start");
        List<ProcessHandle> tree = Fixtures.treeOf(transport);

        Duration took = timed(() -> transport.close(Duration.ofMillis(500)));

        assertThat(took).isLessThan(Duration.ofMillis(700));
        assertThat(tree).noneMatch(ProcessTree::isRunning);
    }

    @Test
    void twentyStubbornServersCloseInParallelWithinSixSeconds() throws Exception {
        List<StdioTransport> transports = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            transports.add(started(Fixtures.bash("ignores-sigterm.sh"), "stubborn-" + i, new RecordingHandler()));
        }
        for (StdioTransport t : transports) {
            Await.until(DEADLINE, () -> t.stderrTail().contains("started grandchild"), "every grandchild to start");
        }
        List<ProcessHandle> all = new ArrayList<>();
        transports.forEach(t -> all.addAll(Fixtures.treeOf(t)));

        Duration took;
        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            took = timed(() -> CompletableFuture.allOf(transports.stream()
                    .map(t -> CompletableFuture.runAsync(t::close, threads))
                    .toArray(CompletableFuture[]::new)).join());
        }

        io.mcphost.faults.Row.print("S2", "20 stubborn servers closed in parallel", took.toMillis() + " ms, "
                + all.stream().filter(ProcessTree::isRunning).count() + " of " + all.size() + " processes left", "6000 ms, 0 left");
        assertThat(took).isLessThanOrEqualTo(Duration.ofSeconds(6));
        assertThat(all).hasSizeGreaterThanOrEqualTo(40).noneMatch(ProcessTree::isRunning);
    }

    @Test
    void aServerThatExitsOnStdinEndClosesQuickly() {
        var handler = new RecordingHandler();
        var transport = started(List.of("cat"), "cat", handler);
        var process = transport.process().orElseThrow();

        Duration took = timed(transport::close);

        assertThat(took).isLessThan(Duration.ofSeconds(1));
        assertThat(process.isAlive()).isFalse();
        assertThat(handler.awaitClosed(DEADLINE)).isEmpty();
    }

    @Test
    void closeReturnsWithinBudgetWhileASenderIsBlockedOnAFullPipe() throws Exception {
        var transport = StdioTransport.builder(Fixtures.bash("never-reads-stdin.sh")).name("deaf")
                .closeGracePeriod(Duration.ofMillis(300)).termGracePeriod(Duration.ofMillis(300)).build();
        transport.start(new RecordingHandler());
        var big = JsonRpcRequest.of(RequestId.of(1), "x".repeat(1024 * 1024), null);
        var failure = new CompletableFuture<Throwable>();
        Thread sender = Thread.ofVirtual().start(() -> {
            try {
                transport.send(big);
                failure.complete(null);
            } catch (RuntimeException e) {
                failure.complete(e);
            }
        });
        Await.until(DEADLINE, () -> Arrays.stream(sender.getStackTrace())
                .anyMatch(frame -> frame.getClassName().equals("java.io.FileOutputStream")), "the sender to block writing into the full pipe");

        Duration took = timed(() -> transport.close(Duration.ofSeconds(2)));

        assertThat(took).isLessThan(Duration.ofSeconds(2));
        assertThat(failure.get(DEADLINE.toSeconds(), TimeUnit.SECONDS)).isInstanceOf(McpClosedException.class);
    }

    @Test
    void concurrentClosesCallOnClosedOnceAndAllReturnAfterTheTreeIsGone() throws Exception {
        var handler = new RecordingHandler();
        var transport = started(Fixtures.bash("ignores-sigterm.sh"), "stubborn", handler);
        Await.until(DEADLINE, () -> transport.stderrTail().contains("started grandchild"), "the grandchild to start");
        List<ProcessHandle> tree = Fixtures.treeOf(transport);

        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            var closes = new ArrayList<CompletableFuture<Void>>();
            for (int i = 0; i < 5; i++) {
                closes.add(CompletableFuture.runAsync(() -> {
                    transport.close(Duration.ofSeconds(3));
                    assertThat(tree).noneMatch(ProcessTree::isRunning);
                }, threads));
            }
            CompletableFuture.allOf(closes.toArray(CompletableFuture[]::new)).get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
        }

        assertThat(handler.closedCalls()).isEqualTo(1);
    }

    @Test
    void sendAndStartAfterCloseFailWithClosed() {
        var transport = started(List.of("cat"), "cat", new RecordingHandler());
        transport.close();

        assertThatThrownBy(() -> transport.send(JsonRpcNotification.of("late", null)))
                .isInstanceOf(McpClosedException.class).hasMessageContaining("server 'cat'");
        var unstarted = StdioTransport.builder("cat").build();
        unstarted.close();
        assertThatThrownBy(() -> unstarted.start(new RecordingHandler())).isInstanceOf(McpClosedException.class);
    }
}
