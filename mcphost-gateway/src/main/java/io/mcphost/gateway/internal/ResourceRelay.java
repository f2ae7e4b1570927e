package io.mcphost.gateway.internal;

import io.mcphost.client.McpClient;
import io.mcphost.client.ResourceSubscription;
import io.mcphost.host.McpHost;
import io.mcphost.server.McpServer;
import io.mcphost.server.SubscriptionListener;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Resource subscriptions through the gateway: while any downstream client subscribes to a URI, the
 * gateway holds one subscription to it at the upstream that serves it (the host routes the URI), and
 * relays each {@code notifications/resources/updated} to the downstream subscribers (legacy
 * sessions and 2026-07-28 listen streams alike, through {@link McpServer#notifyResourceUpdated}).
 * An upstream that cannot subscribe (no {@code resources.subscribe}, gone) leaves the downstream
 * subscription in place with nothing to report, and is logged. Thread-safe; never blocks the
 * subscribing request on the upstream.
 */
public final class ResourceRelay implements SubscriptionListener {
    private static final Logger LOG = LoggerFactory.getLogger(ResourceRelay.class);

    private final McpHost host;
    private final Map<String, CompletableFuture<ResourceSubscription>> upstream = new ConcurrentHashMap<>();
    private volatile McpServer server;

    public ResourceRelay(McpHost host) {
        this.host = host;
    }

    /** The server whose subscribers hear the updates; set once it is built. */
    public void relayTo(McpServer target) {
        this.server = target;
    }

    @Override
    public void firstSubscribed(String uri) {
        CompletableFuture<ResourceSubscription> subscription;
        try {
            McpClient client = host.serverForUri(uri).flatMap(host::client).orElse(null);
            if (client == null) {
                LOG.debug("no upstream serves {}: the subscription hears nothing", uri);
                return;
            }
            subscription = client.subscribeResourceAsync(uri, update -> {
                McpServer target = server;
                if (target != null) {
                    target.notifyResourceUpdated(update.uri());
                }
            });
        } catch (RuntimeException e) {
            LOG.info("the upstream of {} does not take subscriptions: {}", uri, e.getMessage());
            return;
        }
        subscription.whenComplete((s, e) -> {
            if (e != null) {
                LOG.info("subscribing upstream to {} failed: {}", uri, e.getMessage());
                upstream.remove(uri, subscription);
            }
        });
        upstream.put(uri, subscription);
    }

    @Override
    public void lastUnsubscribed(String uri) {
        CompletableFuture<ResourceSubscription> subscription = upstream.remove(uri);
        if (subscription != null) {
            // Cancelling a pending subscribe calls it off; a done one is closed (resources/unsubscribe) off this thread.
            subscription.cancel(false);
            subscription.thenAccept(s -> Thread.ofVirtual().name("mcphost-gateway-unsubscribe").start(s::close));
        }
    }
}
