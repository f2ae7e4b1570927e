package io.mcphost.bench.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.bench.subject.Subject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** A burst that does not finish says whether its library hung or never got a carrier. */
class BurstTest {
    /** Answers each echo once {@code stuck} is counted down: at once for a zero latch, never for one never counted down. */
    private static Subject echo(CountDownLatch stuck) {
        return new Subject() {
            @Override
            public String echo(String text) {
                try {
                    stuck.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
                return text;
            }

            @Override
            public int listTools() {
                return 0;
            }

            @Override
            public void close() {
            }
        };
    }

    @Test
    void aBurstThatFinishesHasNoHang() throws Exception {
        CallScenarios.Burst burst = CallScenarios.Burst.run(echo(new CountDownLatch(0)), 4, 10, 10_000);

        assertThat(burst.hung()).isFalse();
        assertThat(burst.samples().size()).isEqualTo(40);
        assertThat(burst.note()).isEqualTo("failures=0");
    }

    @Test
    void aLibraryThatNeverAnswersHangsWithItsCallersRunning() throws Exception {
        CallScenarios.Burst burst = CallScenarios.Burst.run(echo(new CountDownLatch(1)), 4, 10, 300);

        assertThat(burst.hung()).isTrue();
        assertThat(burst.neverRan()).isZero();
        // the interrupted callers may count failures before the burst reads them
        assertThat(burst.note()).matches("failures=\\d+ HUNG");
    }

    @Test
    void aHungBurstsThreadDumpGoesToTheDumpDirectory() throws Exception {
        // The module's surefire configuration sets it into target/, so verify leaves nothing in /tmp.
        Path dir = Path.of(System.getProperty("mcphost.bench.dumpDir"));
        long before = dumps(dir);

        CallScenarios.Burst.run(echo(new CountDownLatch(1)), 2, 1, 200);

        assertThat(dumps(dir)).isEqualTo(before + 1);
    }

    private static long dumps(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().startsWith("mcphost-bench-hung-")).count();
        }
    }

    @Test
    void callersThatNeverGetACarrierAreReportedAsStarved() throws Exception {
        // Virtual threads spinning on every carrier, as a hung SDK burst leaves them
        AtomicBoolean spin = new AtomicBoolean(true);
        CountDownLatch spinning = new CountDownLatch(carriers());
        List<Thread> spinners = new ArrayList<>();
        for (int i = 0; i < carriers(); i++) {
            spinners.add(Thread.ofVirtual().start(() -> {
                spinning.countDown();
                while (spin.get()) {
                    Thread.onSpinWait();
                }
            }));
        }
        try {
            spinning.await();
            CallScenarios.Burst burst = CallScenarios.Burst.run(echo(new CountDownLatch(0)), 4, 10, 300);

            assertThat(burst.hung()).isTrue();
            assertThat(burst.note()).isEqualTo("failures=0 HUNG, starved: 4 of 4 callers never ran");
        } finally {
            spin.set(false);
            for (Thread t : spinners) {
                t.join();
            }
        }
    }

    private static int carriers() {
        return Integer.getInteger("jdk.virtualThreadScheduler.parallelism", Runtime.getRuntime().availableProcessors());
    }
}
