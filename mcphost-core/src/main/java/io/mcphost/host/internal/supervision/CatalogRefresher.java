package io.mcphost.host.internal.supervision;

import io.mcphost.client.ListKind;
import io.mcphost.client.McpClient;
import io.mcphost.host.internal.catalog.Offer;
import io.mcphost.protocol.McpException;
import java.util.EnumSet;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lists one server's tools, prompts or resources again when it announces {@code list_changed}, off the
 * client's notification thread. Coalesced per kind: a burst of notifications while a relist of that
 * kind waits to run causes one relist, and relists of one server run one at a time, so the last
 * listing to finish is the newest.
 */
final class CatalogRefresher {
    private static final Logger LOG = LoggerFactory.getLogger(CatalogRefresher.class);

    private final ManagedServer server;
    private final ReentrantLock running = new ReentrantLock();
    private final AtomicBoolean[] pending = new AtomicBoolean[ListKind.values().length];

    CatalogRefresher(ManagedServer server) {
        this.server = server;
        for (int i = 0; i < pending.length; i++) {
            pending[i] = new AtomicBoolean();
        }
    }

    /** Called on the client's notification thread: must not block, so the relist runs on its own thread. */
    void onListChanged(long gen, ListKind kind) {
        if (!pending[kind.ordinal()].compareAndSet(false, true)) {
            return; // a relist of that list is already waiting to run, and will see this change too
        }
        Thread.ofVirtual().name("mcphost-refresh-" + server.name()).start(() -> refresh(gen, kind));
    }

    private void refresh(long gen, ListKind kind) {
        running.lock();
        try {
            pending[kind.ordinal()].set(false);
            Optional<McpClient> client = server.clientOf(gen);
            Optional<Offer> before = server.offer();
            if (client.isEmpty() || before.isEmpty()) {
                return;
            }
            Offer after = before.get().with(kind, OfferListing.relist(client.get(), kind));
            if (server.replaceOffer(gen, client.get(), after)) {
                server.host().offerChanged(server, EnumSet.of(kind));
            }
        } catch (McpException e) {
            LOG.warn("server '{}': could not refresh its {} after list_changed: {}", server.name(),
                    kind.name().toLowerCase(), e.getMessage());
        } finally {
            running.unlock();
        }
    }
}
