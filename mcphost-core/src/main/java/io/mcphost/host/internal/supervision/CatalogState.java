package io.mcphost.host.internal.supervision;

import io.mcphost.client.ListKind;
import io.mcphost.host.Catalog;
import io.mcphost.host.HostEvent;
import io.mcphost.host.ServerState;
import io.mcphost.host.internal.catalog.CatalogBuilder;
import io.mcphost.host.internal.catalog.ServerOffer;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The host's current catalog: rebuilt from the READY servers' offers, in configuration order, whenever
 * one of them changes (names kept once the start-up is over, {@link #settle}), and swapped in whole, so a caller always sees one consistent snapshot. A second
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
    /** Changes not yet in a rebuild, and counters telling a caller whether a rebuild already took its change in. */
    private final ConcurrentLinkedQueue<Change> waiting = new ConcurrentLinkedQueue<>();
    private final AtomicLong requested = new AtomicLong();
    private long applied; // guarded by rebuild
    /**
     * Whether the start-up is over. Until then every rebuild names from scratch, in configuration order:
     * servers start in parallel and become READY in whatever order they happen to, and a name kept from
     * the first catalog would go to whichever server was quickest. From then on exposed names are kept
     * (a server that comes later never takes a name from one that was there).
     */
    private volatile boolean settled;

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

    /**
     * Rebuilds from {@code servers} (in order) and announces that {@code cause} changed; on return the
     * catalog includes the change. Changes that arrive while a rebuild runs share the next one: when 50
     * servers come up at once, the catalog is built a few times instead of 50 (each build is linear in
     * the whole catalog, so one per server made a host's start quadratic).
     */
    public void rebuild(List<ManagedServer> servers, String cause, Set<ListKind> kinds) {
        waiting.add(new Change(cause, kinds));
        long mine = requested.incrementAndGet();
        List<HostEvent> changes;
        rebuild.lock();
        try {
            if (applied >= mine) {
                return; // a rebuild that began after our change was recorded has included it
            }
            long upTo = requested.get(); // before reading the servers: every change counted so far is visible in them
            Map<String, Set<ListKind>> causes = new LinkedHashMap<>();
            for (Change change; (change = waiting.poll()) != null; ) {
                causes.computeIfAbsent(change.cause(), c -> EnumSet.noneOf(ListKind.class))
                        .addAll(change.kinds().isEmpty() ? EnumSet.allOf(ListKind.class) : change.kinds());
            }
            CatalogBuilder ready = new CatalogBuilder(settings.naming(), settings.toolFilter());
            CatalogBuilder known = new CatalogBuilder(settings.naming(), settings.toolFilter());
            for (ManagedServer server : servers) {
                server.offer().ifPresent(offer -> {
                    ServerOffer o = new ServerOffer(server.name(), server.spec().prefix().orElse(server.name()),
                            server.spec().filter(), offer.tools(), offer.prompts(), offer.resources(), offer.templates(),
                            offer.skills());
                    known.add(o);
                    if (server.state() == ServerState.READY) {
                        ready.add(o);
                    }
                });
            }
            Catalog before = current;
            if (settled) {
                ready.after(before);
                known.after(everKnown);
            }
            current = ready.build();
            everKnown = known.build();
            changes = CatalogDiff.between(before, current, causes);
            applied = upTo;
        } finally {
            rebuild.unlock();
        }
        changes.forEach(events::emit);
    }

    /**
     * The start-up is over (every server started with the host is READY or has failed): from now on the
     * exposed names are kept across rebuilds. The catalog so far was named in configuration order.
     */
    public void settle() {
        settled = true;
    }

    private record Change(String cause, Set<ListKind> kinds) {}
}
