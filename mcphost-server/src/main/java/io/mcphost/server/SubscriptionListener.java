package io.mcphost.server;

/**
 * Hears when a resource URI gains its first subscriber and loses its last one, counted over every
 * session ({@code resources/subscribe}, {@code resources/unsubscribe}, a session that ends) and every
 * 2026-07-28 {@code subscriptions/listen} stream that names it. A server that relays another
 * server's resources (a gateway) subscribes upstream on the first and unsubscribes on the last;
 * updates then go out with {@link McpServer#notifyResourceUpdated}.
 *
 * <p>Called on the thread of the request that caused it (or of the session that ended), one call
 * at a time per URI and in order for that URI; it should return quickly. An exception is logged
 * and changes nothing for the client.
 */
public interface SubscriptionListener {
    /** {@code uri} has its first subscriber. */
    void firstSubscribed(String uri);

    /** {@code uri} lost its last subscriber. */
    void lastUnsubscribed(String uri);
}
