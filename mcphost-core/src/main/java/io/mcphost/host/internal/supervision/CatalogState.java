package io.mcphost.host.internal.supervision;

import io.mcphost.client.ListKind;
import io.mcphost.host.Catalog;
import io.mcphost.host.HostEvent;
import io.mcphost.host.ServerState;
import io.mcphost.host.internal.catalog.CatalogBuilder;
import io.mcphost.host.internal.catalog.ServerOffer;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The host's current catalog: rebuilt from the READY servers' offers, in configuration order, whenever
 * one of them changes, and swapped in whole, so a caller always sees one consistent snapshot. A second
 * catalog over every server that was ever listed (READY or not) tells a name of a server that is down
 * ("unavailable") from a name nobody offers ("unknown"). Thread-safe; rebuilds are serialised and
 * never block on I/O.
 */
public final class CatalogState {
    private final HostSettings settings;
    private final EventBus events;
    private final ReentrantLock rebuild = new ReentrantLock();
    private volatile Catalog current = Catalog.empty();
    private volatile Catalog everKnown = Catalog.empty();

    public CatalogState(HostSettings settings, EventBus events) {
        this.settings = settings;
        this.events = events;
    }

    /** The catalog of the READY servers: an immutable snapshot. Never blocks. */
    public Catalog current() {
        return current;
    }

    /** The catalog as it would be if every server that was ever listed were READY. */
    public Catalog everKnown() {
        return everKnown;
    }

    /** Rebuilds from {@code servers} (in order) and announces that {@code cause} changed. */
    public void rebuild(List<ManagedServer> servers, String cause, Set<ListKind> kinds) {
        List<HostEvent> changes;
        rebuild.lock();
        try {
            CatalogBuilder ready = new CatalogBuilder(settings.naming(), settings.toolFilter());
            CatalogBuilder known = new CatalogBuilder(settings.naming(), settings.toolFilter());
            for (ManagedServer server : servers) {
                server.offer().ifPresent(offer -> {
                    ServerOffer o = new ServerOffer(server.name(), server.spec().prefix().orElse(server.name()),
                            server.spec().filter(), offer.tools(), offer.prompts(), offer.resources(), offer.templates());
                    known.add(o);
                    if (server.state() == ServerState.READY) {
                        ready.add(o);
                    }
                });
            }
            Catalog before = current;
            current = ready.after(before).build();
            everKnown = known.after(everKnown).build();
            changes = CatalogDiff.between(before, current, cause, kinds);
        } finally {
            rebuild.unlock();
        }
        changes.forEach(events::emit);
    }
}
