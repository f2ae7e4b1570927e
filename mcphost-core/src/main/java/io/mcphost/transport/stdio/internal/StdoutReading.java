package io.mcphost.transport.stdio.internal;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.IntSupplier;
import java.util.function.LongConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a server's stdout into lines and hands each to the transport, in order, on whichever thread
 * has the {@link ReadTurn}: the transport's reader thread in blocking reads, or a caller waiting
 * alone for its answer, polling ({@link #lend}). After the last line of a burst it tells the
 * {@link Outbox} whether answers come in bursts.
 *
 * <p>Thread-safe: the turn lets one thread read at a time, and the line reader is only touched
 * under it.
 */
public final class StdoutReading {
    private static final Logger LOG = LoggerFactory.getLogger(StdoutReading.class);

    private final String name;
    private final LineReader lines;
    private final Outbox outbox;
    private final Consumer<LineReader.Line> onLine;
    private final LongConsumer onOversized;
    private final ReadTurn turn = new ReadTurn();

    /**
     * @param onLine      receives each whole line (the transport decodes and delivers it)
     * @param onOversized receives the size of each line skipped for being over {@code maxLineBytes}
     */
    public StdoutReading(String name, InputStream in, int maxLineBytes, Outbox outbox,
                         Consumer<LineReader.Line> onLine, LongConsumer onOversized) {
        this.name = name;
        this.lines = new LineReader(in, maxLineBytes);
        this.outbox = outbox;
        this.onLine = onLine;
        this.onOversized = onOversized;
    }

    /**
     * The reader thread's loop: reads and hands over lines, standing aside while callers lead,
     * until the end of the stream. Stops standing aside once {@code closing} says so.
     *
     * @throws IOException if a read fails
     */
    public void readToEnd(BooleanSupplier closing) throws IOException {
        while (true) {
            turn.awaitReaderTurn(closing);
            try {
                // The turn is kept from line to line until a caller wants it: under load the reader then
                // writes nothing the callers read, line after line.
                do {
                    if (!take(lines.next())) {
                        return;
                    }
                } while (lines.buffered() || !turn.wanted());
            } finally {
                turn.release();
            }
        }
    }

    /**
     * Reads on the calling thread while it waits for {@code answered}, when it is the only request
     * waiting ({@code waiting}, this one included, is 1) and the turn is free; see {@link ReadTurn}.
     * Never blocks in a read; returns once {@code answered} is done and the lines already read are
     * handed over, after the lead budget, once {@code open} turns false, or at once.
     */
    public void lend(Future<?> answered, IntSupplier waiting, BooleanSupplier open) {
        if (waiting.getAsInt() > 1) {
            turn.wakeReader(); // others wait too: the reader thread serves them all
            return;
        }
        if (!turn.mayLead() || !turn.tryLead(waiting)) {
            return;
        }
        boolean answeredHere = false;
        try {
            // The budget is checked on every pass, not only when the pipe is empty: a server that keeps
            // writing must not keep a caller (and its carrier) reading for it.
            long giveUp = System.nanoTime() + turn.leadBudget();
            while (true) {
                answeredHere = answered.isDone();
                boolean more = answeredHere ? lines.buffered() : open.getAsBoolean();
                if (!more || System.nanoTime() - giveUp > 0) {
                    break;
                }
                LineReader.Result result = lines.poll();
                if (result == null) {
                    if (answeredHere) {
                        break;
                    }
                    Thread.onSpinWait();
                } else if (!take(result)) {
                    break; // the end of the stream: the reader thread meets it again and reports it
                }
            }
        } catch (IOException e) {
            answeredHere = false; // the reader thread meets the same failure in its next read and reports it
        } catch (RuntimeException e) {
            answeredHere = false;
            LOG.error("server '{}': reading stdout on a waiting caller's thread failed; the reader thread goes on", name, e);
        } finally {
            // Bytes or part of a line left behind: the reader thread must be there for them.
            turn.endLead(answeredHere, answeredHere && !lines.buffered() && !lines.partial() && noneWaiting(waiting));
        }
    }

    /** Whether the caller's count says no request waits; a count that fails says some may. */
    private boolean noneWaiting(IntSupplier waiting) {
        try {
            return waiting.getAsInt() == 0;
        } catch (RuntimeException e) {
            LOG.warn("server '{}': counting the waiting requests failed; the reader thread reads on", name, e);
            return false;
        }
    }

    /** Ends the reader thread's standing aside, if it does: the transport closes. */
    public void wakeReader() {
        turn.wakeReader();
    }

    /** Hands over what the line reader found; false at the end of the stream. */
    private boolean take(LineReader.Result result) {
        switch (result) {
            case LineReader.Line line -> {
                onLine.accept(line);
                if (!lines.buffered()) {
                    outbox.gather(lines.readEndedBurst()); // answers in bursts: senders gather (Outbox)
                }
            }
            case LineReader.Oversized big -> onOversized.accept(big.bytes());
            case LineReader.End end -> {
                return false;
            }
        }
        return true;
    }
}
