package io.mcphost.transport.stdio.internal;

import io.mcphost.protocol.McpTransportException;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One launched server process with everything that watches it: its process tree, the drain of its
 * stderr and the thread that notices its exit. Knows nothing of JSON-RPC; the transport reads
 * {@link #stdout()} and writes {@link #stdin()}. Thread-safe.
 */
public final class ChildProcess {
    private final String name;
    private final Process process;
    private final ProcessTree tree;
    private final StderrDrain stderr;

    private ChildProcess(String name, Process process, ProcessTree tree, StderrDrain stderr) {
        this.name = name;
        this.process = process;
        this.tree = tree;
        this.stderr = stderr;
    }

    /**
     * Starts the command of {@code settings} directly (no shell) with an allowlisted environment,
     * and starts watching its tree and draining its stderr on virtual threads. Blocks only while
     * the operating system creates the process.
     *
     * @throws McpTransportException naming the command and the operating system's reason when it cannot start
     */
    public static ChildProcess launch(StdioSettings settings) {
        // On Linux the server leads its own process group, so close() reaches orphaned grandchildren too.
        Optional<List<String>> grouped = ProcessGroup.wrap(settings.command(), settings.cwd());
        ProcessBuilder pb = new ProcessBuilder(grouped.orElse(settings.command()));
        settings.cwd().ifPresent(dir -> pb.directory(dir.toFile()));
        Map<String, String> env = pb.environment();
        Map<String, String> host = Map.copyOf(env);
        env.clear();
        env.putAll(ChildEnvironment.build(host, settings.envPassthrough(), settings.env()));
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            // Redacted as describe() is: the arguments help here, but some of them may be tokens.
            throw new McpTransportException(settings.name(), "cannot start '" + settings.redactedCommandLine()
                    + "': " + Optional.ofNullable(e.getMessage()).orElse(e.toString()), e);
        }
        String name = settings.name();
        ProcessTree tree = new ProcessTree(p.toHandle(), grouped.isPresent());
        tree.watch("mcphost-stdio-tree-" + name);
        StderrDrain stderr = new StderrDrain(name, settings.stderrBufferBytes());
        stderr.start(p.getErrorStream(), "mcphost-stdio-stderr-" + name);
        return new ChildProcess(name, p, tree, stderr);
    }

    /** The server's stdout, for the one reader thread. */
    public InputStream stdout() {
        return process.getInputStream();
    }

    /** The server's stdin; writers must hold the transport's write lock. */
    public OutputStream stdin() {
        return process.getOutputStream();
    }

    /** The server process (the root of its tree). */
    public ProcessHandle handle() {
        return process.toHandle();
    }

    /** The process tree, as watched so far. */
    public ProcessTree tree() {
        return tree;
    }

    /** The last bytes the server wrote to stderr. */
    public String stderrTail() {
        return stderr.tail();
    }

    /**
     * Runs {@code action} once, on a virtual thread, when the process exits. stdout can outlive the
     * process (a grandchild inherited it), so the transport watches the exit as well as the pipe.
     */
    public void onExit(Runnable action) {
        // Not Process.onExit(): its completion runs on the common pool, which a busy application (or a
        // test) can hold up for seconds; a waiting virtual thread costs nothing and answers at once.
        Thread.ofVirtual().name("mcphost-stdio-exit-" + name).start(() -> {
            try {
                process.waitFor();
                action.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /**
     * Says how the process ended (exit code, end of stderr), waiting at most {@code wait} for the
     * exit code and the end of stderr to arrive. Blocks for at most {@code wait}.
     */
    public ExitReport exitReport(Duration wait) {
        return ExitReport.of(process, stderr, System.nanoTime() + wait.toNanos());
    }

    /**
     * Ends the whole tree within {@code budget}: closes stdin, waits up to {@code exitGrace} for a
     * voluntary exit, SIGTERMs, waits up to {@code termGrace}, then SIGKILLs. Blocks until at most
     * {@code budget} after {@code startNanos} (a {@link System#nanoTime()} reading: the caller's close began then).
     *
     * @return the processes still alive after the budget (empty when the tree is gone)
     */
    public Set<ProcessHandle> stop(Duration exitGrace, Duration termGrace, long startNanos, Duration budget) {
        // Look before stdin closes: a wrapper that exits on EOF would orphan its children.
        tree.refresh();
        // Closing stdin first lets servers that exit on EOF flush and leave cleanly. On its own
        // thread: a sender blocked on a full pipe holds the stream's lock.
        closeInBackground(stdin(), "mcphost-stdio-close-" + name);
        return tree.terminate(exitGrace, termGrace, startNanos, budget) ? Set.of() : tree.alive();
    }

    /** Kills the whole tree at once, without waiting (for the JVM shutdown hook). */
    public void killNow() {
        tree.killNow();
    }

    /**
     * Closes {@code stream} on a new virtual thread and ignores failures: a thread blocked writing
     * to a full pipe holds the stream's lock, and a pipe to a dead process fails to close anyway.
     * Returns at once.
     */
    public static void closeInBackground(Closeable stream, String threadName) {
        Thread.ofVirtual().name(threadName).start(() -> {
            try {
                stream.close();
            } catch (IOException e) {
                // Closing a pipe to a dead process fails; the process is being ended anyway.
            }
        });
    }
}
