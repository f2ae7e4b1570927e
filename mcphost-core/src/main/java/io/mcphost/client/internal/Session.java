package io.mcphost.client.internal;

import io.mcphost.protocol.Era;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.lifecycle.ServerCapabilities;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * What connecting settled: the era and revision both sides speak and what the server offers (from
 * {@code initialize} in the legacy era, from {@code server/discover} in the modern one). The raw
 * capabilities are kept beside the record so capability checks see exactly what the server sent,
 * including capabilities newer than this library. {@code capabilitiesKnown} is false for a modern
 * server that refused {@code server/discover} with a modern error: capability checks are then left
 * to the server.
 */
record Session(Era era, ProtocolVersion version, Implementation serverInfo, ServerCapabilities capabilities,
               JsonNode capabilitiesJson, Optional<String> instructions, boolean capabilitiesKnown) {

    /** A legacy session, settled by {@code initialize}. */
    Session(ProtocolVersion version, Implementation serverInfo, ServerCapabilities capabilities,
            JsonNode capabilitiesJson, Optional<String> instructions) {
        this(Era.LEGACY, version, serverInfo, capabilities, capabilitiesJson, instructions, true);
    }

    /** The same session speaking another revision (after an UnsupportedProtocolVersionError named a better one). */
    Session withVersion(ProtocolVersion other) {
        return new Session(era, other, serverInfo, capabilities, capabilitiesJson, instructions, capabilitiesKnown);
    }
}
