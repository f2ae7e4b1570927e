package io.mcphost.protocol;

import java.util.Optional;

/**
 * The revisions of the Model Context Protocol McpHost knows, oldest first. Revisions up to
 * 2025-11-25 use the {@code initialize} handshake; 2026-07-28 is stateless.
 */
public enum ProtocolVersion {
    V2024_11_05("2024-11-05"),
    V2025_03_26("2025-03-26"),
    V2025_06_18("2025-06-18"),
    V2025_11_25("2025-11-25"),
    V2026_07_28("2026-07-28");

    /** The revision a client offers in {@code initialize}. */
    public static final ProtocolVersion LATEST_HANDSHAKE = V2025_11_25;

    private final String id;

    ProtocolVersion(String id) {
        this.id = id;
    }

    /** The revision's date string as it appears on the wire, for example {@code "2025-11-25"}. */
    public String id() {
        return id;
    }

    /** The revision with this wire id, if known. */
    public static Optional<ProtocolVersion> fromId(String id) {
        for (ProtocolVersion v : values()) {
            if (v.id.equals(id)) {
                return Optional.of(v);
            }
        }
        return Optional.empty();
    }

    /** Whether JSON-RPC batches are allowed (only 2025-03-26 allowed them). */
    public boolean allowsBatches() {
        return this == V2025_03_26;
    }

    public boolean isAtLeast(ProtocolVersion other) {
        return compareTo(other) >= 0;
    }

    @Override
    public String toString() {
        return id;
    }
}
