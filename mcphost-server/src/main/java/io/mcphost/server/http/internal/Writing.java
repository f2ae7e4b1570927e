package io.mcphost.server.http.internal;

import java.io.IOException;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who writes the response of a request served on its POST's own thread: that thread once the handler
 * returns, or a thread of its own started as soon as something must leave before (a notification, a
 * question to the client, keep-alives of a long request). Serving there saves the two thread hand-offs
 * per call of a handler thread of its own (start it, hand the reply back); the writer is started only
 * for the calls that stream. Thread-safe.
 */
final class Writing {
    private static final Logger LOG = LoggerFactory.getLogger(Writing.class);

    /** Writing that may fail with an {@link IOException}. */
    @FunctionalInterface
    interface IoAction {
        void run() throws IOException;
    }

    private final IoAction writer;
    private final ReentrantLock lock = new ReentrantLock();
    private boolean settled;
    private Thread handedTo;

    /** @param writer writes the whole response, streaming what the handler sends until its reply */
    Writing(IoAction writer) {
        this.writer = writer;
    }

    /** Starts the writer on a thread of its own, unless it was started or the handler returned. Never blocks on I/O. */
    void handOff() {
        lock.lock();
        try {
            if (!settled) {
                settled = true;
                handedTo = Thread.ofVirtual().name("mcphost-http-writer").start(() -> {
                    try {
                        writer.run();
                    } catch (IOException e) {
                        LOG.debug("the response could not be written: {}", e.getMessage());
                    }
                });
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * The handler returned: from now on nothing is handed off. Returns true when the calling thread is
     * to write the response itself; otherwise waits until the writer it was handed to is done with the
     * exchange, and returns false.
     */
    boolean settle() {
        Thread writing;
        lock.lock();
        try {
            writing = handedTo;
            settled = true;
        } finally {
            lock.unlock();
        }
        if (writing == null) {
            return true;
        }
        try {
            writing.join(); // the exchange is the writer's until it is done with it
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return false;
    }

    /** The handler returned: writes on this thread with the writer, or waits for the writer it was handed to. */
    void finish() throws IOException {
        if (settle()) {
            writer.run();
        }
    }
}
