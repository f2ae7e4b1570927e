package io.mcphost.server;

import io.mcphost.protocol.ProtocolVersion;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * One request a client sent to this server, as a {@link ServerRequestObserver} sees it. Immutable
 * apart from {@code params}, which is the server's own node and must only be read.
 *
 * @param method          the JSON-RPC method, for example {@code tools/call}
 * @param params          the params (an empty object when there were none), {@code _meta} included
 * @param requestId       the JSON-RPC id as text
 * @param protocolVersion the revision agreed in {@code initialize}; empty before it
 * @param sessionId       the session the request belongs to ({@code Mcp-Session-Id} of a Streamable HTTP
 *                        session); empty over stdio, in memory and under 2026-07-28, which has no sessions
 */
public record ServedRequest(String method, JsonNode params, String requestId, Optional<ProtocolVersion> protocolVersion,
                            Optional<String> sessionId) {
    public ServedRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(params, "params");
        Objects.requireNonNull(requestId, "requestId");
        Objects.requireNonNull(protocolVersion, "protocolVersion");
        Objects.requireNonNull(sessionId, "sessionId");
    }

    /** A request outside any session. */
    public ServedRequest(String method, JsonNode params, String requestId, Optional<ProtocolVersion> protocolVersion) {
        this(method, params, requestId, protocolVersion, Optional.empty());
    }
}
