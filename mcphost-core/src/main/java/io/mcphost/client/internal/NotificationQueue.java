package io.mcphost.client.internal;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs listener callbacks for one client on a single virtual thread, in submission order, so a
 * slow listener never blocks the transport's reader. The queue is bounded: when a listener falls
 * this far behind, further callbacks are dropped with a warning rather than buffering without end.
 */
final class NotificationQueue {
    private static final Logger LOG = LoggerFactory.getLogger(NotificationQueue.class);
    private static final int CAPACITY = 10_000;

    private final String server;
    private volatile ThreadPoolExecutor executor;

    NotificationQueue(String server) {
        this.server = server;
        this.executor = newExecutor(server);
    }

    private static ThreadPoolExecutor newExecutor(String server) {
        ThreadPoolExecutor executor = new ThreadPoolExecutor(1, 1, 10, TimeUnit.SECONDS, new LinkedBlockingQueue<>(CAPACITY),
                Thread.ofVirtual().name("mcphost-notify-" + server).factory());
        // The one thread ends when idle, so an idle or forgotten client holds no thread.
        executor.allowCoreThreadTimeOut(true);
        return executor;
    }

    /** Accepts callbacks again after {@link #shutdown()}, for a client that re-opens its connection. */
    void restart() {
        if (executor.isShutdown()) {
            executor = newExecutor(server);
        }
    }

    /**
     * Queues a callback; an exception it throws is logged and the next callback still runs.
     *
     * @return false when the queue is full or shut down and the callback was dropped
     */
    boolean submit(String what, Runnable callback) {
        try {
            executor.execute(() -> {
                try {
                    callback.run();
                } catch (RuntimeException e) {
                    LOG.warn("server '{}': {} listener threw; ignored", server, what, e);
                }
            });
            return true;
        } catch (RejectedExecutionException e) {
            if (executor.isShutdown()) {
                // The client is closing: what its connection still delivers has no listener left to hear it.
                LOG.debug("server '{}': dropped a {} notification that arrived while the client closed", server, what);
            } else {
                LOG.warn("server '{}': dropped a {} notification: listeners are {} callbacks behind", server, what, CAPACITY);
            }
            return false;
        }
    }

    void shutdown() {
        executor.shutdown();
    }
}
