package io.mcphost.server;

import java.time.Duration;

/** One client connection served by an {@link McpServer}. Thread-safe. */
public interface ServerSession extends AutoCloseable {
    /** Blocks until the connection ends (the client went away or {@link #close} was called), at most {@code limit}. */
    boolean awaitClose(Duration limit) throws InterruptedException;

    /** Ends the connection within {@code budget}; calls still running see {@link ToolCall#isCancelled()}. */
    void close(Duration budget);

    @Override
    default void close() {
        close(Duration.ofSeconds(2));
    }
}
