package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.logging.LoggingLevel;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A session of a handshake revision (2024-11-05 … 2025-11-25): requests go as they are (only the
 * result cache applies), the log level is {@code logging/setLevel}, roots changes are notified,
 * resources are subscribed one URI at a time, and tasks are the 2025-11-25 core tasks. Thread-safe.
 */
final class LegacySession implements EraSession {
    private static final Logger LOG = LoggerFactory.getLogger(LegacySession.class);
    private static final JsonCodec CODEC = JsonCodec.get();

    private final Exchange exchange;
    private final LegacyTasks tasks;

    LegacySession(Exchange exchange, ToolListing tools) {
        this.exchange = exchange;
        this.tasks = new LegacyTasks(exchange, tools);
    }

    @Override
    public Era era() {
        return Era.LEGACY;
    }

    @Override
    public CompletableFuture<JsonNode> send(OutboundRequest request, RequestStage.Next next, RequestStage.Next redecided) {
        return exchange.cache().apply(request, next);
    }

    @Override
    public TaskDialect tasks() {
        return tasks;
    }

    @Override
    public CompletableFuture<Void> setLoggingLevel(LoggingLevel level) {
        Objects.requireNonNull(level, "level");
        exchange.require("logging", McpMethod.LOGGING_SET_LEVEL);
        ObjectNode params = CODEC.newObject();
        params.set("level", CODEC.valueToTree(level));
        // Kept once the server took it: should the era change, the level rides on modern requests.
        return exchange.send(McpMethod.LOGGING_SET_LEVEL, params, CallOptions.defaults(), result -> (Void) null)
                .thenRun(() -> exchange.logLevel(level));
    }

    @Override
    public void rootsChanged() {
        try {
            exchange.config().transport().send(JsonRpcNotification.of(McpMethod.NOTIFICATIONS_ROOTS_LIST_CHANGED, null));
        } catch (McpException e) {
            // The list is in place; a server that cannot be told now reads it at its next roots/list.
            LOG.debug("server '{}': could not send {}: {}", exchange.name(), McpMethod.NOTIFICATIONS_ROOTS_LIST_CHANGED, e.getMessage());
        }
    }

    @Override
    public CompletableFuture<Void> subscribe(String uri, Set<String> held) {
        return request(McpMethod.RESOURCES_SUBSCRIBE, uri);
    }

    @Override
    public CompletableFuture<Void> unsubscribe(String uri, Set<String> held) {
        return request(McpMethod.RESOURCES_UNSUBSCRIBE, uri);
    }

    /** A new session knows no subscriptions: each URI is subscribed again. */
    @Override
    public void started(Set<String> held, Consumer<String> subscribeAgain) {
        held.forEach(subscribeAgain);
    }

    @Override
    public void ended() {
        // nothing stays open between requests
    }

    private CompletableFuture<Void> request(String method, String uri) {
        try {
            return exchange.send(method, CODEC.newObject().put("uri", uri), CallOptions.defaults(), result -> null);
        } catch (McpException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
