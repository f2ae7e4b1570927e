package io.mcphost.transport.stdio.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ProcessTableTest {

    @Test
    void findsAChildsOwnChildrenAndSharesALookForAWhile() throws Exception {
        assumeTrue(ProcessTable.available(), "needs /proc");
        // sh starts a sleeping child and waits: the tree is sh -> sleep.
        Process sh = new ProcessBuilder("/bin/sh", "-c", "sleep 30 & wait").start();
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            java.util.List<Long> descendants = java.util.List.of();
            // Until the child is sleep: between sh's fork and its exec the child is a second sh.
            while ((descendants.isEmpty() || !commandOf(descendants.getFirst()).endsWith("sleep"))
                    && System.nanoTime() < deadline) {
                Thread.sleep(10);
                descendants = ProcessTable.recent().descendants(sh.pid());
            }
            assertThat(descendants).hasSize(1);
            assertThat(commandOf(descendants.getFirst())).endsWith("sleep");
            // A look is shared for a while, then taken again.
            ProcessTable first = ProcessTable.recent();
            assertThat(ProcessTable.recent(TimeUnit.SECONDS.toNanos(30))).isSameAs(first);
            Thread.sleep(TimeUnit.NANOSECONDS.toMillis(ProcessTable.MAX_AGE_NANOS) + 5);
            assertThat(ProcessTable.recent()).isNotSameAs(first);
        } finally {
            sh.descendants().forEach(ProcessHandle::destroyForcibly);
            sh.destroyForcibly();
        }
    }

    private static String commandOf(long pid) {
        return ProcessHandle.of(pid).flatMap(p -> p.info().command()).orElse("");
    }

    @Test
    void readsTheGroupAProcessIsInNowAndNothingForAnEndedOne() throws Exception {
        assumeTrue(ProcessTable.available(), "needs /proc");
        long ours = ProcessTable.groupOf(ProcessHandle.current().pid()).orElseThrow();
        Process plain = new ProcessBuilder("sleep", "30").start();
        // setsid(1) execs sleep (a child of ours leads no group), so its pid is its new group.
        Process leader = new ProcessBuilder("setsid", "sleep", "30").start();
        try {
            assertThat(ProcessTable.groupOf(plain.pid())).hasValue(ours);
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (ProcessTable.groupOf(leader.pid()).orElse(0) != leader.pid() && System.nanoTime() < deadline) {
                Thread.sleep(5); // setsid runs between the fork and the exec of sleep
            }
            assertThat(ProcessTable.groupOf(leader.pid())).hasValue(leader.pid());
            assertThat(ProcessGroup.contains(leader.pid(), leader.toHandle())).isTrue();
            assertThat(ProcessGroup.contains(leader.pid(), plain.toHandle())).isFalse();
        } finally {
            plain.destroyForcibly().waitFor();
            leader.destroyForcibly().waitFor();
        }
        assertThat(ProcessTable.groupOf(plain.pid())).isEmpty();
        assertThat(ProcessGroup.contains(ours, plain.toHandle())).isFalse();
    }
}
