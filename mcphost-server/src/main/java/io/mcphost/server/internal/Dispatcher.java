package io.mcphost.server.internal;

import io.mcphost.protocol.Era;
import io.mcphost.protocol.EraRule;
import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.transport.Transport;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * The one way into an McpServer: every request, on every transport, is handed here to its era's
 * handling over the server's one {@link Registry}. A legacy request goes to the session of the
 * connection it arrived on ({@link ServerConnection}: initialize, then the negotiated revision); a
 * modern one to the stateless {@link ModernServer} (2026-07-28: {@code _meta}, input rounds,
 * {@code subscriptions/listen}, the tasks extension). The era is decided in {@link #eraOf} only, by
 * the protocol's {@link EraRule}; transports that shape their traffic by era (HTTP: a session or a
 * stateless POST) ask it too, before they dispatch.
 *
 * <p>One per server. Thread-safe; {@link #dispatch} runs the handler on the calling thread.
 */
public final class Dispatcher {
    private final Registry registry;
    /** Resource subscriptions counted over every session and listen stream. */
    private final Watched watched;
    /** The open subscriptions/listen streams (2026-07-28), on every transport. */
    private final Subscriptions subscriptions;
    private final ModernServer modern;
    /** The live connections, so that notifications reach every legacy client. */
    private final Set<ServerConnection> connections = ConcurrentHashMap.newKeySet();

    public Dispatcher(Registry registry) {
        this.registry = registry;
        this.watched = new Watched(registry.subscriptionListener());
        this.subscriptions = new Subscriptions(watched);
        this.modern = new ModernServer(registry, subscriptions);
    }

    public Registry registry() {
        return registry;
    }

    Watched watched() {
        return watched;
    }

    /**
     * The era of a request given by its parts and the transport's {@code MCP-Protocol-Version}
     * header, when it has one: the one decision on the server side (see {@link EraRule}).
     */
    public static Era eraOf(String method, Optional<JsonNode> params, Optional<String> versionHeader) {
        return EraRule.of(method, params, versionHeader);
    }

    /**
     * Serves a connection: starts {@code transport} and returns once messages can flow. Its requests
     * come back here, through {@link ServerConnection#dispatch}.
     */
    public ServerConnection open(Transport transport) {
        return ServerConnection.open(this, transport, connections);
    }

    /**
     * Serves one request that arrived on {@code connection}, with {@code versionHeader} when its
     * transport has headers: classifies it ({@link #eraOf}) and runs it in its era. Returns the
     * reply, empty when none is due (a cancelled request, a listen stream the client closed);
     * notifications related to the request go to {@code sink} meanwhile, and {@code closing}
     * turning true ends a listen stream gracefully.
     */
    Optional<JsonRpcMessage> dispatch(JsonRpcRequest request, Optional<String> versionHeader, ServerConnection connection,
                                      Consumer<JsonRpcMessage> sink, AtomicBoolean cancelled, BooleanSupplier closing) {
        return eraOf(request.method(), request.params(), versionHeader) == Era.MODERN
                ? modern.serve(request, sink, cancelled, closing)
                : connection.answer(request, cancelled);
    }

    /**
     * The {@code -32602} a modern request with missing or malformed {@code _meta} gets; for
     * transports that validate a request's headers against its body before dispatching it.
     */
    public Optional<JsonRpcError> checkMeta(JsonRpcRequest request) {
        return modern.checkMeta(request);
    }

    /** The {@code -32022} a modern request at a revision not served gets; see {@link #checkMeta}. */
    public Optional<JsonRpcError> checkVersion(JsonRpcRequest request) {
        return modern.checkVersion(request);
    }

    /** Tells every listen stream and subscribed connection that {@code uri} changed; returns how many were told. */
    public int notifyResourceUpdated(String uri) {
        int told = subscriptions.resourceUpdated(uri);
        for (ServerConnection connection : connections) {
            if (connection.notifyResourceUpdated(uri)) {
                told++;
            }
        }
        return told;
    }

    /** Sends a {@code notifications/.../list_changed} to every initialized connection and listen stream. */
    public void notifyListChanged(String method) {
        connections.forEach(c -> c.notifyListChanged(method));
        subscriptions.listChanged(method);
    }
}
