package io.mcphost.transport.stdio.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Writes whole lines to one stream for many senders, flushing once per batch: a sender queues its
 * line, takes the lock, and, unless the sender before it already wrote it, writes every line queued
 * up to and including its own and then flushes. Under contention one {@code write(2)} carries many
 * messages instead of one flush per message each behind the lock; a lone sender pays what it paid
 * before (one write, one flush). Thread-safe.
 *
 * <p>A sender returns once its line was handed to the stream, by itself or by whoever wrote the
 * batch; when that write failed, every sender of the batch gets the failure.
 */
public final class Outbox {
    /** One queued line; {@code written} and {@code failure} are guarded by the lock. */
    private static final class Entry {
        final byte[] json;
        boolean written;
        IOException failure;

        Entry(byte[] json) {
            this.json = json;
        }
    }

    private final ConcurrentLinkedQueue<Entry> queue = new ConcurrentLinkedQueue<>();
    private final ReentrantLock lock = new ReentrantLock();

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
        if (mine.failure != null) {
            throw mine.failure;
        }
    }

    /** Writes the queued lines up to {@code last} in order, then flushes once. Holds the lock. */
    private void writeBatch(Entry last, OutputStream out) {
        List<Entry> batch = new ArrayList<>();
        IOException failure = null;
        Entry next;
        do {
            next = queue.poll(); // never null: 'last' is queued and no one else polls without the lock
            batch.add(next);
            if (failure == null) {
                try {
                    out.write(next.json);
                    out.write('\n');
                } catch (IOException e) {
                    failure = e;
                }
            }
        } while (next != last);
        if (failure == null) {
            try {
                out.flush();
            } catch (IOException e) {
                failure = e;
            }
        }
        for (Entry e : batch) {
            e.written = true;
            e.failure = failure;
        }
    }
}
