package io.mcphost.client.internal;

import io.mcphost.client.ListKind;
import io.mcphost.client.Progress;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.internal.LogLimit;
import io.mcphost.protocol.logging.LoggingMessageNotificationParams;
import io.mcphost.protocol.resources.ResourceUpdatedNotificationParams;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.InboundStream;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;
import tools.jackson.databind.JsonNode;

/**
 * Routes what the server sends: answers to the callers waiting for them, notifications to
 * listeners (on the notification queue, never on the reader thread), and server requests to
 * their handlers on virtual threads.
 */
final class ClientInbound implements InboundHandler {
    private static final Logger LOG = LoggerFactory.getLogger(ClientInbound.class);
    private static final JsonCodec CODEC = JsonCodec.get();

    private final Exchange exchange;
    private final Tasks tasks;
    /** The client's reaction to a dead connection (RealMcpClient.fail): record it, fail every pending call. */
    private final Consumer<McpException> onConnectionFailed;
    private final PendingRequests pending;
    private final Operations operations;
    private final NotificationQueue notifications;
    private final ServerRequests serverRequests;
    private final Attribution attribution;
    private final Subscriptions subscriptions;
    private final ClientConfig config;
    private final Logger serverLog;
    /** A log notification's text is the server's own message: longer than an excerpt, still bounded. */
    private static final int SERVER_LOG_CHARS = 4 * LogLimit.MAX_EXCERPT_CHARS;
    /** A server's log notifications all reach onLog; our log gets a bounded number per interval. */
    private final LogLimit serverLogLimit = new LogLimit(100, Duration.ofSeconds(10));
    /** Errors without an id are the server's to send; one per junk message must not flood our log. */
    private final LogLimit errorLimit = new LogLimit(10, Duration.ofSeconds(10));

    ClientInbound(Exchange exchange, Operations operations, Consumer<McpException> onConnectionFailed, PendingRequests pending,
                  NotificationQueue notifications, ServerRequests serverRequests, Attribution attribution,
                  Subscriptions subscriptions, ClientConfig config) {
        this.exchange = exchange;
        this.operations = operations;
        this.tasks = operations.tasks();
        this.onConnectionFailed = onConnectionFailed;
        this.pending = pending;
        this.notifications = notifications;
        this.serverRequests = serverRequests;
        this.attribution = attribution;
        this.subscriptions = subscriptions;
        this.config = config;
        this.serverLog = LoggerFactory.getLogger("mcphost.server." + config.name());
    }

    @Override
    public void onMessage(JsonRpcMessage message) {
        switch (message) {
            case JsonRpcResponse r -> afterProgress(r.id(), () -> {
                if (!pending.complete(r.id(), r.result())) {
                    LOG.debug("server '{}': answer to unknown or finished request {} ignored", config.name(), r.id());
                }
            });
            case JsonRpcErrorResponse e -> onError(e);
            case JsonRpcNotification n -> onNotification(n, Optional.empty());
            case JsonRpcRequest r -> serverRequests.accept(r, Optional.empty());
        }
    }

    /** A server request or notification whose stream the transport tells: the stream says which call it belongs to (Attribution). */
    @Override
    public void onMessage(JsonRpcMessage message, InboundStream stream) {
        switch (message) {
            case JsonRpcRequest r -> serverRequests.accept(r, Optional.of(stream));
            case JsonRpcNotification n -> onNotification(n, Optional.of(stream));
            default -> onMessage(message);
        }
    }

    private void onError(JsonRpcErrorResponse e) {
        if (e.id().isEmpty()) {
            errorLimit.log(LOG, Level.WARN, "errors without a request id from server '" + config.name() + "'",
                    "server '{}' reported an error without a request id: {} (code {})",
                    config.name(), LogLimit.bounded(e.error().message()), e.error().code());
            return;
        }
        RequestId id = e.id().get();
        String method = pending.get(id).map(PendingRequests.Pending::method).orElse("request");
        afterProgress(id, () -> {
            if (!pending.fail(id, ErrorMapping.toException(config.name(), method, e.error()))) {
                LOG.debug("server '{}': error for unknown or finished request {} ignored", config.name(), id);
            }
        });
    }

    /**
     * Completes a call with a progress or log listener behind its queued callbacks, so the caller has
     * seen every progress report and log message by the time the answer arrives; other calls at once.
     */
    private void afterProgress(RequestId id, Runnable complete) {
        // Nothing of the call's still queued: no need to go through the queue (a thread hop on every answer).
        boolean behindCallbacks = pending.get(id).map(p -> p.callbacksQueued().get() > 0).orElse(false);
        if (!behindCallbacks || !notifications.submit("answer", complete)) {
            complete.run();
        }
    }

    /** Queues a progress or log callback of {@code call}, counted so that its answer is delivered after it. */
    private void submitFor(PendingRequests.Pending call, String what, Runnable callback) {
        call.callbacksQueued().incrementAndGet();
        if (!notifications.submit(what, () -> {
            try {
                callback.run();
            } finally {
                call.callbacksQueued().decrementAndGet();
            }
        })) {
            call.callbacksQueued().decrementAndGet();
        }
    }

    @Override
    public void onRequestFailed(RequestId id, McpTransportException cause) {
        if (!pending.fail(id, exchange.named(cause))) {
            LOG.debug("server '{}': failure of unknown or finished request {} ignored: {}", config.name(), id, cause.detail());
        }
    }

    @Override
    public void onClosed(McpTransportException cause) {
        if (cause != null) {
            onConnectionFailed.accept(cause);
        }
    }

    private void onNotification(JsonRpcNotification n, Optional<InboundStream> stream) {
        JsonNode params = n.params().orElse(CODEC.newObject());
        if (!subscriptions.fromCurrentStream(params)) {
            LOG.debug("server '{}': {} of a replaced subscriptions/listen stream ignored", config.name(), n.method());
            return;
        }
        switch (n.method()) {
            case McpMethod.NOTIFICATIONS_PROGRESS -> onProgress(params);
            case McpMethod.NOTIFICATIONS_MESSAGE -> onLog(params, stream);
            case McpMethod.NOTIFICATIONS_CANCELLED -> serverRequests.cancel(params);
            case McpMethod.NOTIFICATIONS_TASKS_STATUS -> tasks.onStatus(params);
            case io.mcphost.protocol.modern.ModernMethods.NOTIFICATIONS_SUBSCRIPTIONS_ACKNOWLEDGED -> {
                subscriptions.acknowledged(params);
                notifications.submit(n.method(), () -> config.onNotification().accept(n));
            }
            default -> notifications.submit(n.method(), () -> config.onNotification().accept(n));
        }
        exchange.cache().invalidate(n.method(), params); // before anyone hears of it: a list they ask for must be new
        if (McpMethod.NOTIFICATIONS_TOOLS_LIST_CHANGED.equals(n.method())) {
            operations.toolsChanged(); // before the listeners hear of it: a call they make must not see old schemas
        }
        // Besides onNotification, which keeps receiving these: the typed listeners, in the same order.
        switch (n.method()) {
            case McpMethod.NOTIFICATIONS_RESOURCES_UPDATED -> onResourceUpdated(params);
            case McpMethod.NOTIFICATIONS_TOOLS_LIST_CHANGED, McpMethod.NOTIFICATIONS_PROMPTS_LIST_CHANGED,
                 McpMethod.NOTIFICATIONS_RESOURCES_LIST_CHANGED -> ListKind.ofNotification(n.method())
                    .ifPresent(kind -> notifications.submit(n.method(), () -> config.onListChanged().accept(kind)));
            default -> { }
        }
    }

    private void onResourceUpdated(JsonNode params) {
        ResourceUpdatedNotificationParams update;
        try {
            update = CODEC.treeToValue(params, ResourceUpdatedNotificationParams.class);
        } catch (McpException | NullPointerException e) {
            LOG.debug("server '{}': malformed resource update ignored: {}", config.name(), e.getMessage());
            return;
        }
        notifications.submit(McpMethod.NOTIFICATIONS_RESOURCES_UPDATED, () -> subscriptions.deliver(update));
    }

    private void onProgress(JsonNode params) {
        JsonNode token = params.path("progressToken");
        Optional<RequestId> id = JsonCodec.requestId(token);
        if (id.isEmpty() || !params.path("progress").isNumber()) {
            LOG.debug("server '{}': malformed progress notification ignored", config.name());
            return;
        }
        Optional<PendingRequests.Pending> entry = id.flatMap(pending::get);
        // Here, not on the notification queue: a slow listener must not cost the call its deadline.
        entry.ifPresent(p -> p.deadline().progressed());
        // numberValue(): a number past a double's range (read as its exact decimal) is infinite here, where
        // Jackson 3's doubleValue() throws.
        Progress progress = new Progress(params.get("progress").numberValue().doubleValue(),
                params.path("total").isNumber()
                        ? OptionalDouble.of(params.get("total").numberValue().doubleValue()) : OptionalDouble.empty(),
                params.path("message").isString() ? Optional.of(params.get("message").stringValue()) : Optional.empty());
        Optional<Consumer<Progress>> callers = entry.flatMap(PendingRequests.Pending::onProgress);
        if (callers.isPresent()) {
            submitFor(entry.get(), "progress", () -> callers.get().accept(progress));
            return;
        }
        // A task's progress outlives the request that created it (Tasks).
        id.flatMap(tasks::progressListener).ifPresent(listener -> notifications.submit("progress", () -> listener.accept(progress)));
    }

    private void onLog(JsonNode params, Optional<InboundStream> stream) {
        LoggingMessageNotificationParams message;
        try {
            message = CODEC.treeToValue(params, LoggingMessageNotificationParams.class);
        } catch (McpException e) {
            LOG.debug("server '{}': malformed log notification ignored: {}", config.name(), e.getMessage());
            return;
        }
        Level level = switch (message.level()) {
            case DEBUG -> Level.DEBUG;
            case INFO, NOTICE -> Level.INFO;
            case WARNING -> Level.WARN;
            case ERROR, CRITICAL, ALERT, EMERGENCY -> Level.ERROR;
        };
        if (serverLog.isEnabledForLevel(level)) {
            String text = message.data().isString() ? message.data().stringValue() : message.data().toString();
            // Bounded: one notification may carry megabytes, and a chatty server may send thousands.
            serverLogLimit.log(serverLog, level, "log notifications (all of them reach onLog)", "{}{}",
                    message.logger().map(l -> "[" + LogLimit.bounded(l, 100) + "] ").orElse(""),
                    LogLimit.bounded(text, SERVER_LOG_CHARS));
        }
        notifications.submit("log", () -> config.onLog().accept(message));
        // Also to the call it belongs to, when its caller listens (a gateway relaying it to its own client).
        attribution.logOwner(stream)
                .filter(call -> message.level().compareTo(call.options().logLevel().orElseThrow()) >= 0)
                .ifPresent(call -> submitFor(call, "log", () -> call.options().onLog().orElseThrow().accept(message)));
    }
}
