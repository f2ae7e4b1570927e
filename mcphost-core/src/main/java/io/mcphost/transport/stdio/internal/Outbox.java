package io.mcphost.transport.stdio.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Writes whole lines to one stream for many senders, flushing once per batch: a sender queues its
 * line, takes the lock, and, unless another sender already wrote it, writes every line queued so
 * far (its own and those behind it, up to {@link #BATCH_BYTES}) and then flushes. Under contention
 * one {@code write(2)} carries many messages instead of one flush per message each behind the lock;
 * a lone sender pays what it paid before (one write, one flush). Thread-safe.
 *
 * <p><b>Gathering.</b> Contention alone rarely forms batches: callers woken together by a burst of
 * answers run one after another on the virtual-thread scheduler's few carriers, each reaching the
 * lock after the one before has written. While {@link #gather(boolean) answers arrive in bursts},
 * a sender on a virtual thread therefore yields once before taking the lock, so that the callers
 * woken with it queue their lines first and one write carries them all. A measured trade: at 16 and
 * 64 concurrent callers on a stdio server, about one {@code write(2)} per ten calls instead of one
 * per call, and the server's own reads fall alike; a lone caller (answers arrive one at a time)
 * never yields, nor does a platform thread.
 *
 * <p>A sender returns once its line was handed to the stream, by itself or by whoever wrote the
 * batch; when that write failed, every sender of the batch gets the failure. So a sender may wait while
 * a full pipe takes other senders' lines of its batch, and the {@code check} that runs before a batch
 * (the transport's "still open") is the batch writer's, once for the lines it takes: a line queued
 * just as the transport closes may still go out with the batch before it.
 */
public final class Outbox {
    /** One queued line; {@code failure} is set before {@code written}, both by the batch's writer under the lock. */
    private static final class Entry {
        final byte[] json;
        volatile boolean written;
        IOException failure;

        Entry(byte[] json) {
            this.json = json;
        }
    }

    /**
     * A batch writer stops taking other senders' lines once it wrote this much: a pipe holds 64 KiB,
     * so a bigger write would only block longer, and a steady stream of senders cannot keep one
     * writer at it forever.
     */
    static final int BATCH_BYTES = 64 * 1024;
    /** The failure of a batch whose write ended in an unchecked throwable that could not even be wrapped. */
    private static final IOException UNFINISHED = new IOException("writing to the stream failed");

    private final ConcurrentLinkedQueue<Entry> queue = new ConcurrentLinkedQueue<>();
    private final ReentrantLock lock = new ReentrantLock();
    /** Whether answers currently arrive in bursts, so senders come in bursts too: see the class doc. */
    private volatile boolean gather;

    /**
     * Writes {@code json} and a newline to {@code out}, possibly together with lines of
     * other senders, and flushes. Blocks while the stream is full and while another batch is written.
     * {@code check} runs under the lock before this sender writes a batch; whatever it throws
     * propagates, and the line is not sent.
     *
     * @throws IOException if writing or flushing the batch holding this line failed
     */
    public void send(byte[] json, Runnable check, OutputStream out) throws IOException {
        Entry mine = new Entry(json);
        queue.offer(mine);
        if (gather && Thread.currentThread().isVirtual()) {
            Thread.yield(); // the senders woken with this one queue their lines: see the class doc
            if (mine.written) {
                outcome(mine); // one of them wrote it meanwhile: no need to wait for the lock
                return;
            }
        }
        lock.lock();
        try {
            if (!mine.written) {
                try {
                    check.run();
                } catch (RuntimeException e) {
                    queue.remove(mine); // nobody wrote it yet, and nobody may now
                    throw e;
                }
                writeBatch(mine, out);
            }
        } finally {
            lock.unlock();
        }
        outcome(mine);
    }

    /** Returns normally if the write of {@code written}'s batch succeeded; throws its failure otherwise. */
    private static void outcome(Entry written) throws IOException {
        if (written.failure != null) {
            throw written.failure;
        }
    }

    /**
     * Tells the outbox whether answers arrive in bursts (several lines in one read of the server's
     * output): while they do, senders on virtual threads gather before writing. Called by the reader.
     */
    public void gather(boolean bursts) {
        if (gather != bursts) {
            gather = bursts;
        }
    }

    /**
     * Writes the queued lines in order up to and including {@code own}, and then those queued behind
     * it until the queue is empty or {@link #BATCH_BYTES} were written; then flushes once. Holds the lock.
     */
    private void writeBatch(Entry own, OutputStream out) {
        List<Entry> batch = new ArrayList<>();
        IOException failure = null;
        boolean finished = false;
        try {
            boolean ownWritten = false;
            long bytes = 0;
            while (!ownWritten || (bytes < BATCH_BYTES && !queue.isEmpty())) {
                // Never null: 'own' is queued until taken, only the lock's holder takes, and others only add.
                Entry next = queue.poll();
                batch.add(next);
                ownWritten |= next == own;
                bytes += next.json.length + 1;
                if (failure == null) {
                    try {
                        out.write(next.json);
                        out.write('\n');
                    } catch (IOException e) {
                        failure = e;
                    }
                }
            }
            if (failure == null) {
                try {
                    out.flush();
                } catch (IOException e) {
                    failure = e;
                }
            }
            finished = true;
        } catch (RuntimeException | Error e) {
            // The lines taken are out of the queue: unless marked written, their senders would come to
            // write them, find the queue without them and poll null. They fail as this write did.
            failure = new IOException("writing to the stream failed: " + e, e);
            if (!batch.contains(own)) {
                queue.remove(own); // this sender gets the exception, so its line must not go later
            }
            throw e;
        } finally {
            if (!finished && failure == null) {
                failure = UNFINISHED; // building the failure failed too (out of memory): still no false success
            }
            for (Entry e : batch) {
                e.failure = failure;
                e.written = true; // volatile: publishes the failure to a sender that does not take the lock
            }
        }
    }
}
