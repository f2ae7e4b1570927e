package io.mcphost.server.http.internal;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.server.McpServer;
import io.mcphost.server.internal.Dispatcher;
import io.mcphost.server.internal.ServerConnection;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP endpoint's stateless side as one server connection: the endpoint's 2026-07-28 POSTs
 * enter the {@link McpServer} the way every connection's requests do ({@link McpServer#serve}, then
 * the server's dispatcher), each with its {@code MCP-Protocol-Version} header, its own sink for the
 * notifications related to it and its own cancellation. Nothing reaches a client through
 * {@link #send}: a stateless client has no channel for messages unrelated to its request (list
 * changes reach it on its subscriptions/listen stream). Thread-safe.
 */
final class StatelessChannel implements Transport {
    private static final Logger LOG = LoggerFactory.getLogger(StatelessChannel.class);

    private final String path;
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile InboundHandler inbound;
    private final ServerConnection connection;

    /** Opens the channel as a connection of {@code server}. */
    StatelessChannel(McpServer server, String path) {
        this.path = path;
        // McpServer.serve hands out its own connection type; only this module can name it.
        if (!(server.serve(this) instanceof ServerConnection served)) {
            throw new IllegalStateException("McpServer.serve returned a connection of an unknown kind");
        }
        this.connection = served;
    }

    /**
     * Serves one request through the server's dispatcher; see {@link ServerConnection#dispatch}.
     * Blocks while its handler runs.
     */
    Optional<JsonRpcMessage> dispatch(JsonRpcRequest request, Optional<String> versionHeader,
                                      Consumer<JsonRpcMessage> sink, AtomicBoolean cancelled, BooleanSupplier closing) {
        return connection.dispatch(request, versionHeader, sink, cancelled, closing);
    }

    /** The server's dispatcher, whose checks run before the request's headers are compared with its body. */
    Dispatcher dispatcher() {
        return connection.dispatcher();
    }

    @Override
    public void start(InboundHandler handler) {
        inbound = Objects.requireNonNull(handler, "handler");
    }

    @Override
    public void send(JsonRpcMessage message) {
        LOG.debug("{}: dropped a message no stateless request asked for", path);
    }

    @Override
    public void close(Duration budget) {
        InboundHandler handler = inbound;
        if (closed.compareAndSet(false, true) && handler != null) {
            handler.onClosed(null);
        }
    }

    @Override
    public void close() {
        close(Duration.ZERO);
    }

    @Override
    public String describe() {
        return "stateless requests at " + path;
    }
}
