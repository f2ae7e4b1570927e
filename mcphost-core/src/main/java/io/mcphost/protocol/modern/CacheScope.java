package io.mcphost.protocol.modern;

import java.util.Optional;

/** Who may reuse a cacheable result ({@code cacheScope}, revision 2026-07-28), like HTTP's public/private. */
public enum CacheScope {
    /** No user-specific data: any client or intermediary may cache it across authorisation contexts. */
    PUBLIC("public"),
    /** Cacheable only within the same authorisation context (the same access token). */
    PRIVATE("private");

    private final String wire;

    CacheScope(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static Optional<CacheScope> fromWire(String value) {
        for (CacheScope s : values()) {
            if (s.wire.equals(value)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
