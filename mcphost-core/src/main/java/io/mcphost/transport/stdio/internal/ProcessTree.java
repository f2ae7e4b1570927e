package io.mcphost.transport.stdio.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * Ends a child process and everything it started, within a deadline: wait for a voluntary exit
 * (stdin is already closed), then SIGTERM the whole tree, then SIGKILL whatever is left. Each
 * process gets SIGTERM once: a second one means "exit now" to some servers.
 *
 * <p>Where the root leads its own process group (Linux, started through {@code setsid}: see
 * {@link ProcessGroup}), the group is signalled too, and its members count as the tree: that finds
 * a grandchild orphaned before any look. Elsewhere only the descendants walk below applies.
 *
 * <p>Descendants are remembered from every look while the root is alive, because once the root
 * dies its orphans are re-parented and no longer show up as its descendants. {@link #watch} looks
 * now and then on its own, so a server that dies unexpectedly still has its children found.
 *
 * <p>Thread-safe.
 */
public final class ProcessTree {
    private static final long POLL_NANOS = Duration.ofMillis(10).toNanos();
    private static final Duration FIRST_WATCH = Duration.ofMillis(500);
    private static final Duration LONGEST_WATCH = Duration.ofSeconds(30);
    /**
     * The watch's looks may share a look up to this old: a thousand servers started together would
     * otherwise keep a core busy rescanning the process table for their watches alone.
     */
    private static final long WATCH_LOOK_AGE_NANOS = Duration.ofMillis(250).toNanos();

    private final ProcessHandle root;
    /** The process group the root leads (its pid), or 0 when it was not started as a group leader. */
    private final long group;
    private final Set<ProcessHandle> seen = ConcurrentHashMap.newKeySet();

    public ProcessTree(ProcessHandle root) {
        this(root, false);
    }

    /**
     * A tree whose root was started as the leader of its own process group ({@code setsid}) when
     * {@code groupLeader}: then a grandchild orphaned before we looked (its parent already died) is
     * still found, by its group, and signalled with the group.
     */
    public ProcessTree(ProcessHandle root, boolean groupLeader) {
        this.root = root;
        this.group = groupLeader ? root.pid() : 0;
    }

    /**
     * Looks for descendants now and then while the root lives, on a virtual thread: often at
     * first (wrappers such as npx start their real server right away), then every 30 s at most.
     * A look scans the system's process table, so it is not done more often than that.
     */
    public void watch(String threadName) {
        Thread.ofVirtual().name(threadName).start(() -> {
            Duration pause = FIRST_WATCH;
            while (root.isAlive()) {
                try {
                    root.onExit().get(pause.toNanos(), java.util.concurrent.TimeUnit.NANOSECONDS);
                    return;
                } catch (java.util.concurrent.TimeoutException e) {
                    refresh(WATCH_LOOK_AGE_NANOS);
                } catch (InterruptedException | java.util.concurrent.ExecutionException e) {
                    return;
                }
                pause = pause.multipliedBy(2).compareTo(LONGEST_WATCH) > 0 ? LONGEST_WATCH : pause.multipliedBy(2);
            }
        });
    }

    /** Records the current descendants and forgets those that ended; call it whenever convenient while the root lives. */
    public void refresh() {
        refresh(ProcessTable.MAX_AGE_NANOS);
    }

    private void refresh(long maxAgeNanos) {
        seen.removeIf(p -> !p.isAlive());
        if (root.isAlive()) {
            if (ProcessTable.available()) {
                // A shared look at /proc: many trees refreshing at once read it once, not once each.
                for (long pid : ProcessTable.recent(maxAgeNanos).descendants(root.pid())) {
                    ProcessHandle.of(pid).ifPresent(seen::add);
                }
            } else {
                root.descendants().forEach(seen::add);
            }
        }
    }

    /** The descendants found so far, without looking again. */
    public Set<ProcessHandle> known() {
        return Set.copyOf(seen);
    }

    /** Every process of the tree still running, root included. */
    public Set<ProcessHandle> alive() {
        refresh();
        Set<ProcessHandle> alive = new LinkedHashSet<>();
        if (isRunning(root)) {
            alive.add(root);
        }
        for (ProcessHandle p : seen) {
            if (isRunning(p)) {
                alive.add(p);
            }
        }
        return alive;
    }

    /**
     * Whether a process still runs. A killed orphan stays a zombie until its new parent reaps it,
     * and {@link ProcessHandle#isAlive()} counts zombies as alive; where /proc exists, a zombie
     * (state Z or X) is dead for our purpose: it holds no resources but its table entry.
     */
    public static boolean isRunning(ProcessHandle process) {
        if (!process.isAlive()) {
            return false;
        }
        Path stat = Path.of("/proc", Long.toString(process.pid()), "stat");
        try {
            String text = Files.readString(stat);
            int afterName = text.lastIndexOf(") ");
            char state = afterName >= 0 && afterName + 2 < text.length() ? text.charAt(afterName + 2) : 'R';
            return state != 'Z' && state != 'X';
        } catch (IOException e) {
            return process.isAlive(); // no /proc (not Linux), or the process just vanished
        }
    }

    /**
     * Ends the tree within {@code budget} counted from {@code startNanos} (a {@link System#nanoTime()} reading
     * taken when the close began, so what the caller did before counts too): up to {@code exitGrace} for a
     * voluntary exit, up to {@code termGrace} after SIGTERM, then SIGKILL. Both graces shrink to fit the budget.
     *
     * @return true when no process of the tree is left alive
     */
    public boolean terminate(Duration exitGrace, Duration termGrace, long startNanos, Duration budget) {
        long start = startNanos;
        long total = budget.toNanos();
        // Keep a fifth of the budget for SIGKILL and reaping, split the rest between the graces.
        long forGraces = total * 4 / 5;
        long exitNanos = Math.min(exitGrace.toNanos(), forGraces / 2);
        long termNanos = Math.min(termGrace.toNanos(), forGraces - exitNanos);

        refresh();
        rememberGroup();
        if (awaitAllDead(start + exitNanos)) {
            return true;
        }
        signalTree(false);
        // From the schedule, not from now: the time signalling took comes out of the grace, not on top of it.
        if (awaitAllDead(start + exitNanos + termNanos)) {
            return true;
        }
        signalTree(true);
        return awaitAllDead(start + total);
    }

    /** Kills the whole tree at once, without waiting (for the JVM shutdown hook). */
    public void killNow() {
        signalTree(true);
    }

    /**
     * Sends SIGTERM once to every running process of the tree: the group in one go where it can be,
     * then each process outside it on its own (not twice to a member: some servers take a second
     * SIGTERM as "exit now" and skip their clean-up). SIGKILL, when {@code kill}, to the group and to
     * every process.
     */
    private void signalTree(boolean kill) {
        // The group first, in one go: it also reaches what forks while we walk the tree.
        boolean groupSignalled = signalGroup(kill ? "KILL" : "TERM");
        for (ProcessHandle p : alive()) {
            // A member has the group's SIGTERM (or is about to: kill(1) is not waited for). A descendant
            // that left the group (setsid) has not, nor has anything when the group could not be signalled.
            // Membership is read now, not from a shared look: a process may have left the group since. One
            // forked into the group after kill(1) acted misses this SIGTERM, and gets the SIGKILL. SIGKILL
            // goes to every process as well: a second one changes nothing, and the close must not depend
            // on a kill(1) it does not wait for.
            if (!kill && groupSignalled && ProcessGroup.contains(group, p)) {
                continue;
            }
            if (kill) {
                p.destroyForcibly();
            } else {
                p.destroy();
            }
        }
    }

    /**
     * Adds the running members of the root's process group to the known processes, so waiting for
     * the tree waits for them too. Scans /proc, so it is done at each step of a stop, not each poll.
     */
    private void rememberGroup() {
        seen.addAll(ProcessGroup.members(group));
    }

    /**
     * Signals the group at once when it still has members (and remembers them first).
     *
     * @return whether the group was signalled (kill(1) started), so its members need no signal of their own
     */
    private boolean signalGroup(String signal) {
        if (group <= 0) {
            return false;
        }
        Set<ProcessHandle> members = ProcessGroup.members(group);
        seen.addAll(members);
        return !members.isEmpty() && ProcessGroup.signal(group, signal);
    }

    /**
     * Waits for the root's exit by its exit event (no polling, no look at the process table), then
     * looks once for members of its group, then polls only the processes already known, one
     * {@code /proc/<pid>/stat} each: a hundred trees closing at once must not each rescan the table.
     */
    private boolean awaitAllDead(long deadlineNanos) {
        if (root.isAlive()) {
            try {
                root.onExit().get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                return false;
            } catch (ExecutionException e) {
                // onExit does not fail; fall through to the checks below
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            rememberGroup(); // what the root left behind in its group, now that it cannot start more
        }
        while (true) {
            if (knownAlive().isEmpty()) {
                return true;
            }
            if (System.nanoTime() - deadlineNanos >= 0) {
                return false;
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }

    /** The known processes still running, root included, without looking for new ones. */
    private Set<ProcessHandle> knownAlive() {
        Set<ProcessHandle> alive = new LinkedHashSet<>();
        if (isRunning(root)) {
            alive.add(root);
        }
        for (ProcessHandle p : seen) {
            if (isRunning(p)) {
                alive.add(p);
            }
        }
        return alive;
    }
}
