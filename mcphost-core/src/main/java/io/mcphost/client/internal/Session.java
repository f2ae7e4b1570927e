package io.mcphost.client.internal;

import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.lifecycle.ServerCapabilities;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * What the handshake settled: the revision both sides speak and what the server offers. The raw
 * capabilities are kept beside the record so capability checks see exactly what the server sent,
 * including capabilities newer than this library.
 */
record Session(ProtocolVersion version, Implementation serverInfo, ServerCapabilities capabilities,
               JsonNode capabilitiesJson, Optional<String> instructions) {
}
