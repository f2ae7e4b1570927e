package io.mcphost.server;

import java.time.Duration;

/**
 * One client connection served by an {@link McpServer}, from {@link McpServer#serve}. Thread-safe.
 *
 * <p>The connection ends when the client goes away (stdin EOF, peer closed) or when {@link #close}
 * is called; calls still running then see {@link ToolCall#isCancelled()} and their results are
 * dropped.
 */
public interface ServerSession extends AutoCloseable {

    /**
     * Blocks until the connection ends, at most {@code limit}.
     *
     * @return whether it ended within the limit
     * @throws InterruptedException if the waiting thread is interrupted
     */
    boolean awaitClose(Duration limit) throws InterruptedException;

    /**
     * Blocks until the connection ends, however long that takes.
     *
     * @throws InterruptedException if the waiting thread is interrupted
     */
    void awaitClose() throws InterruptedException;

    /** Whether the connection has ended. Never blocks. */
    boolean isClosed();

    /** Ends the connection, returning within {@code budget} whatever the client does. Idempotent. */
    void close(Duration budget);

    /** Ends the connection within two seconds. */
    @Override
    default void close() {
        close(Duration.ofSeconds(2));
    }
}
