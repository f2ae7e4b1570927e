package io.mcphost.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Where the CLI reads a person's answers: the terminal's stdin in {@link Main}, a scripted reader in
 * tests. {@link #interactive()} says whether anyone is there to ask; when not (CI, a pipe,
 * {@code --no-input}), nothing is ever read, so the CLI cannot hang waiting for input.
 *
 * <p>Lines are read by one virtual thread started at the first {@link #readLine()} and handed over
 * through a queue: a read from stdin cannot be interrupted, a wait on a queue can, so a prompt whose
 * answer is no longer wanted (the server cancelled it, its deadline passed) stops at once. Lines typed
 * after that are kept for the next prompt. Thread-safe.
 */
final class TerminalInput {
    // A line of its own that cannot come from a reader (readLine strips line ends): marks the end.
    private static final String END = "\n";

    private final Reader reader;
    private final boolean interactive;
    private final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final ReentrantLock lock = new ReentrantLock();
    private boolean started;

    private TerminalInput(Reader reader, boolean interactive) {
        this.reader = reader;
        this.interactive = interactive;
    }

    /**
     * @param reader      the person's input, read only when {@code interactive}
     * @param interactive whether a person can see the prompts and answer them
     */
    static TerminalInput of(Reader reader, boolean interactive) {
        return new TerminalInput(Objects.requireNonNull(reader, "reader"), interactive);
    }

    /** No one to ask: every question is declined without reading anything. */
    static TerminalInput none() {
        return new TerminalInput(Reader.nullReader(), false);
    }

    boolean interactive() {
        return interactive;
    }

    /**
     * The next line the person typed, without its line end; empty at the end of input (EOF, or a
     * read error, which for a person means the same: nobody will answer). Blocks until a line comes.
     *
     * @throws InterruptedException if the waiting thread is interrupted; the line it would have read
     *                              stays for the next caller
     * @throws IllegalStateException if the input is not {@link #interactive()}
     */
    Optional<String> readLine() throws InterruptedException {
        if (!interactive) {
            throw new IllegalStateException("no interactive input to read from");
        }
        startPump();
        String line = lines.take();
        if (line.equals(END)) {
            lines.add(END); // every later read sees the end too
            return Optional.empty();
        }
        return Optional.of(line);
    }

    private void startPump() {
        lock.lock();
        try {
            if (!started) {
                started = true;
                // Virtual, so a pump blocked on stdin never keeps the JVM alive.
                Thread.ofVirtual().name("mcphost-terminal-input").start(this::pump);
            }
        } finally {
            lock.unlock();
        }
    }

    private void pump() {
        BufferedReader in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
        try {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lines.add(line);
            }
        } catch (IOException | UncheckedIOException e) {
            // Treated as the end of input: the questions waiting are cancelled, not failed.
        }
        lines.add(END);
    }
}
