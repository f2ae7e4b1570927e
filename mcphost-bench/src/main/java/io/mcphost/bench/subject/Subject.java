package io.mcphost.bench.subject;

/**
 * One connected client of one library, calling the server's echo tool. Implementations are safe
 * for concurrent callers, as every library under test claims to be.
 */
public interface Subject extends AutoCloseable {
    /**
     * Calls the echo tool with {@code text} and returns the text it answered. Blocks the caller.
     *
     * @throws RuntimeException whatever the library throws on failure or timeout
     */
    String echo(String text);

    /**
     * Lists the server's tools (one page) and returns how many there are. Blocks the caller.
     *
     * @throws RuntimeException whatever the library throws on failure or timeout
     */
    int listTools();

    /** Closes the client and ends its server process; blocks until the library says it is done. */
    @Override
    void close();
}
