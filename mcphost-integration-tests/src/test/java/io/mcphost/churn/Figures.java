package io.mcphost.churn;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What this JVM holds at one moment of a churn run: live platform threads, live virtual threads,
 * open file descriptors, child processes (any depth) and heap used after full collections.
 *
 * @param cycle            how many cycles had run when measured
 * @param platformThreads  live platform threads ({@link java.lang.management.ThreadMXBean#getThreadCount()})
 * @param virtualThreads   live virtual threads (from a JSON thread dump), or -1 where the JVM cannot dump them
 * @param fds              open file descriptors ({@code /proc/self/fd}), or -1 where there is no procfs
 * @param descendants      live descendant processes
 * @param heapBytes        heap used after {@link #GC_ROUNDS} collections
 */
record Figures(int cycle, int platformThreads, int virtualThreads, int fds, long descendants, long heapBytes) {
    /** Full collections before the heap is read: the first may leave finalizable and weakly reached objects. */
    static final int GC_ROUNDS = 3;
    private static final Pattern VIRTUAL = Pattern.compile("\"virtual\"\\s*:\\s*true");

    /** Measures now, after {@link #GC_ROUNDS} full collections (the surefire JVMs run the serial collector). */
    static Figures measure(int cycle) {
        for (int i = 0; i < GC_ROUNDS; i++) {
            System.gc();
        }
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        String[] fds = new File("/proc/self/fd").list();
        return new Figures(cycle, ManagementFactory.getThreadMXBean().getThreadCount(), countVirtualThreads(),
                fds == null ? -1 : fds.length, ProcessHandle.current().descendants().count(), heap);
    }

    /** Heap in MiB, for the table. */
    double heapMiB() {
        return heapBytes / (1024.0 * 1024.0);
    }

    /** Live platform threads by name, digits folded ({@code pool-12-thread-3} → {@code pool-#-thread-#}), to show what leaked. */
    static Map<String, Integer> platformThreadNames() {
        Map<String, Integer> names = new TreeMap<>();
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            names.merge(thread.getName().replaceAll("\\d+", "#"), 1, Integer::sum);
        }
        return names;
    }

    /** The first stack frames of each live virtual thread, counted: what the leaked ones wait in. */
    static Map<String, Integer> virtualThreadStacks() {
        Map<String, Integer> stacks = new TreeMap<>();
        String dump = dump();
        Matcher thread = Pattern.compile("\"virtual\"\\s*:\\s*true.*?\"stack\"\\s*:\\s*\\[(.*?)]", Pattern.DOTALL).matcher(dump);
        while (thread.find()) {
            String frames = thread.group(1).replaceAll("\\s+", " ").replace("\\/", "/");
            stacks.merge(frames.length() > 600 ? frames.substring(0, 600) : frames, 1, Integer::sum);
        }
        return stacks;
    }

    private static int countVirtualThreads() {
        String dump = dump();
        if (dump.isEmpty()) {
            return -1;
        }
        Matcher matcher = VIRTUAL.matcher(dump);
        int count = 0;
        while (matcher.find()) {
            count++;
        }
        return count;
    }

    // Virtual threads appear in neither Thread.getAllStackTraces() nor the ThreadMXBean: only a thread
    // dump (jdk.trackAllThreads, on by default) lists them.
    private static String dump() {
        try {
            Path dir = Files.createTempDirectory("churn-threads");
            Path file = dir.resolve("dump.json");
            try {
                ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                        .dumpThreads(file.toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.JSON);
                return Files.readString(file);
            } finally {
                Files.deleteIfExists(file);
                Files.deleteIfExists(dir);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (UnsupportedOperationException e) {
            return "";
        }
    }
}
