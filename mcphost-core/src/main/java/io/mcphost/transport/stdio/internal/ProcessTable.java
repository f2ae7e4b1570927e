package io.mcphost.transport.stdio.internal;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One look at Linux's process table (/proc), shared: every process's parent, group and state.
 * Finding a server's descendants or its group's members means reading every process's
 * {@code /proc/<pid>/stat}; a hundred servers closing at once each doing that every few
 * milliseconds made closing them quadratic (a thousand shell servers took minutes). Callers within
 * {@link #MAX_AGE_NANOS} of a look share it, and a caller arriving while a look is under way waits
 * for that one instead of starting its own. Thread-safe.
 */
final class ProcessTable {
    /** How old a look may be and still serve: a process forked since is found by the next look. */
    static final long MAX_AGE_NANOS = 10_000_000;
    private static final Path PROC = Path.of("/proc");
    private static final boolean AVAILABLE = System.getProperty("os.name", "").equals("Linux") && Files.isDirectory(PROC);
    private static final ReentrantLock LOOKING = new ReentrantLock();
    private static volatile ProcessTable last;

    /** One process: its parent, its process group and its state letter (R, S, Z, ...). */
    record Entry(long pid, long parent, long group, char state) {
        boolean running() {
            return state != 'Z' && state != 'X';
        }
    }

    private final long takenNanos;
    private final Map<Long, Entry> byPid;
    private final Map<Long, List<Long>> children;

    private ProcessTable(long takenNanos, Map<Long, Entry> byPid) {
        this.takenNanos = takenNanos;
        this.byPid = byPid;
        this.children = new HashMap<>();
        for (Entry e : byPid.values()) {
            children.computeIfAbsent(e.parent(), p -> new ArrayList<>()).add(e.pid());
        }
    }

    /** Whether /proc can be read here (Linux); elsewhere callers use the JDK's own walks. */
    static boolean available() {
        return AVAILABLE;
    }

    /** A look taken at most {@link #MAX_AGE_NANOS} ago, or after this call began. Blocks while one is taken. */
    static ProcessTable recent() {
        return recent(MAX_AGE_NANOS);
    }

    /** A look taken at most {@code maxAgeNanos} ago, or after this call began. Blocks while one is taken. */
    static ProcessTable recent(long maxAgeNanos) {
        long asked = System.nanoTime();
        ProcessTable table = last;
        if (table != null && asked - table.takenNanos < maxAgeNanos) {
            return table;
        }
        LOOKING.lock();
        try {
            table = last;
            if (table != null && table.takenNanos - asked >= 0) {
                return table; // taken while we waited for the lock: newer than our question
            }
            table = scan();
            last = table;
            return table;
        } finally {
            LOOKING.unlock();
        }
    }

    /** The running descendants of {@code root} (children, their children, ...). */
    List<Long> descendants(long root) {
        List<Long> found = new ArrayList<>();
        List<Long> frontier = new ArrayList<>(List.of(root));
        while (!frontier.isEmpty()) {
            List<Long> next = new ArrayList<>();
            for (long pid : frontier) {
                for (long child : children.getOrDefault(pid, List.of())) {
                    if (child != root && !found.contains(child)) {
                        found.add(child);
                        next.add(child);
                    }
                }
            }
            frontier = next;
        }
        found.removeIf(pid -> !byPid.get(pid).running());
        return found;
    }

    /** The running members of process group {@code group}. */
    List<Long> members(long group) {
        List<Long> found = new ArrayList<>();
        for (Entry e : byPid.values()) {
            if (e.group() == group && e.running()) {
                found.add(e.pid());
            }
        }
        return found;
    }

    /**
     * The process group {@code pid} is in now, read afresh (not from a shared look: a process may
     * have left its group since), or empty when it ended or /proc cannot say.
     */
    static OptionalLong groupOf(long pid) {
        Entry e = AVAILABLE ? read(pid, PROC.resolve(Long.toString(pid)).resolve("stat")) : null;
        return e == null ? OptionalLong.empty() : OptionalLong.of(e.group());
    }

    private static ProcessTable scan() {
        long taken = System.nanoTime();
        Map<Long, Entry> entries = new HashMap<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(PROC)) {
            for (Path dir : dirs) {
                String name = dir.getFileName().toString();
                if (name.isEmpty() || !name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                Entry e = read(Long.parseLong(name), dir.resolve("stat"));
                if (e != null) {
                    entries.put(e.pid(), e);
                }
            }
        } catch (IOException | RuntimeException e) {
            // An unreadable /proc: an empty table finds nothing, as the JDK's walk would.
        }
        return new ProcessTable(taken, entries);
    }

    /** Fields 3-5 of /proc/<pid>/stat, after the parenthesised name (which may hold spaces); null if gone. */
    private static Entry read(long pid, Path stat) {
        try {
            String text = Files.readString(stat);
            String[] fields = text.substring(text.lastIndexOf(") ") + 2).split(" ", 4);
            return new Entry(pid, Long.parseLong(fields[1]), Long.parseLong(fields[2]), fields[0].charAt(0));
        } catch (IOException | RuntimeException e) {
            return null; // the process ended meanwhile
        }
    }
}
