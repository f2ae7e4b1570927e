package io.mcphost.transport;

import io.mcphost.protocol.ProtocolVersion;
import java.util.Optional;

/**
 * A transport capability: a connection that carries a server session and needs the revision the
 * handshake agreed on (Streamable HTTP: the {@code Mcp-Session-Id} and {@code MCP-Protocol-Version}
 * headers, and the listening GET stream).
 *
 * <p>Offered by {@link io.mcphost.transport.http.HttpTransport}; passed on unchanged by
 * {@link ForwardingTransport}. Thread-safe.
 */
public interface HttpSessions {

    /**
     * The session id the server assigned ({@code Mcp-Session-Id}), for tracing
     * ({@code mcp.session.id}): empty before the server named one, over the legacy HTTP+SSE transport
     * and for a stateless server. Never blocks.
     */
    Optional<String> sessionId();

    /**
     * Tells the transport that the handshake agreed on {@code version} and the session is in use
     * ({@code notifications/initialized} was sent): it sends the revision in the
     * {@code MCP-Protocol-Version} header from now on and opens its listening stream. Called by the
     * client again after every re-initialisation. Blocks briefly (at most the connect timeout, about a
     * second) until the server answers the listening stream's GET, so that stream exists before the
     * first request; never fails.
     */
    void handshakeCompleted(ProtocolVersion version);
}
