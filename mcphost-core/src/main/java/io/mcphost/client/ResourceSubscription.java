package io.mcphost.client;

import java.util.concurrent.CompletableFuture;

/**
 * An active subscription to one resource, from {@link McpClient#subscribeResource}: its listener
 * receives the server's {@code notifications/resources/updated} for the URI (and for sub-resources
 * the server reports under it) until {@link #close()}. Thread-safe.
 *
 * <p>Several subscriptions to the same URI share one subscription on the server: the client sends
 * {@code resources/subscribe} for the first and {@code resources/unsubscribe} when the last one
 * closes. They survive a transparent re-initialisation of an expired HTTP session (the client
 * subscribes again); closing the client ends them all without telling the server.
 */
public interface ResourceSubscription extends AutoCloseable {

    /** The subscribed URI, as given. */
    String uri();

    /** Whether the listener still receives updates: false once this or the client is closed. */
    boolean isActive();

    /**
     * Stops the listener at once (an update already being delivered may still finish), and when it
     * was the last for its URI, sends {@code resources/unsubscribe} and blocks for the answer, at
     * most the client's request timeout. Never throws: a server that cannot be told is logged at
     * debug level (the listener is gone either way). Idempotent.
     */
    @Override
    void close();

    /**
     * Like {@link #close()} without blocking: the future completes when the server acknowledged
     * the unsubscribe (at once when nothing had to be sent), and never fails.
     */
    CompletableFuture<Void> closeAsync();
}
