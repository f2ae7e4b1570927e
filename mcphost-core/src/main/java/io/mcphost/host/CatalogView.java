package io.mcphost.host;

import java.util.Objects;
import java.util.function.Function;

/**
 * A value derived from a host's catalog — tool definitions in an agent framework's types, say — and
 * computed again only when the catalog changed (a server came or went, or sent {@code list_changed}).
 * The catalog is an immutable snapshot, so a change is a new snapshot; nothing needs to listen for events.
 *
 * <p>Thread-safe without a lock: two threads that see the same new catalog at once may both compute,
 * and one result wins; {@code compute} must therefore be a pure function of the catalog. {@link #get()}
 * blocks only for {@code compute}.
 *
 * @param <T> the derived value
 */
public final class CatalogView<T> {
    private record Derived<T>(Catalog catalog, T value) { }

    private final McpHost host;
    private final Function<Catalog, T> compute;
    private volatile Derived<T> current;

    private CatalogView(McpHost host, Function<Catalog, T> compute) {
        this.host = Objects.requireNonNull(host, "host");
        this.compute = Objects.requireNonNull(compute, "compute");
    }

    /** A view of {@code host}'s catalog through {@code compute}; computes nothing yet. */
    public static <T> CatalogView<T> of(McpHost host, Function<Catalog, T> compute) {
        return new CatalogView<>(host, compute);
    }

    /** The value for the host's current catalog, computed now if the catalog changed since the last call. */
    public T get() {
        Catalog catalog = host.catalog();
        Derived<T> seen = current;
        if (seen != null && seen.catalog() == catalog) {
            return seen.value();
        }
        Derived<T> fresh = new Derived<>(catalog, compute.apply(catalog));
        current = fresh;
        return fresh.value();
    }
}
