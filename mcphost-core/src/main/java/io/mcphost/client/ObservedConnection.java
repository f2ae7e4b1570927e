package io.mcphost.client;

import io.mcphost.protocol.ProtocolVersion;
import java.util.Objects;
import java.util.Optional;

/**
 * A snapshot of the connection behind an observed request or session: what a tracer names in
 * its attributes. Immutable.
 *
 * @param server          the client's name (the server's name in a host)
 * @param transport       how the messages travel ({@link io.mcphost.transport.TransportKind#OTHER} for a transport
 *                        the application wrote)
 * @param address         the transport's description: the endpoint URL over HTTP, the command
 *                        line over stdio (see {@link io.mcphost.transport.Transport#describe()})
 * @param protocolVersion the revision the handshake agreed; empty before it (during {@code initialize})
 * @param sessionId       the session id the server assigned ({@link io.mcphost.transport.HttpSessions#sessionId()});
 *                        empty over stdio and before the server named one
 */
public record ObservedConnection(String server, io.mcphost.transport.TransportKind transport, String address,
                                 Optional<ProtocolVersion> protocolVersion, Optional<String> sessionId) {
    public ObservedConnection {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(protocolVersion, "protocolVersion");
        Objects.requireNonNull(sessionId, "sessionId");
    }
}
