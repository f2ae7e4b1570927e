package io.mcphost.server.internal;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.modern.ModernMeta;
import io.mcphost.protocol.modern.ModernMethods;
import io.mcphost.protocol.modern.ResultType;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The open {@code subscriptions/listen} streams of one server (spec 2026-07-28:
 * basic/patterns/subscriptions), on any transport. Each gets only the notification types it opted in
 * to, every one tagged with its subscription id. Thread-safe; delivery writes on the notifying thread
 * through the subscription's sink, which must not block for long.
 */
public final class Subscriptions {
    private static final JsonCodec CODEC = JsonCodec.get();

    /** How often the sweeper looks at the open streams' cancellation and closing flags. */
    private static final long SWEEP_MILLIS = 100;

    private final Set<Subscription> live = ConcurrentHashMap.newKeySet();
    private final Watched watched;
    /** Whether a sweeper runs: one thread for all streams, none while no stream is open. */
    private final AtomicBoolean sweeping = new AtomicBoolean();

    Subscriptions(Watched watched) {
        this.watched = watched;
    }

    /** One open stream. */
    public static final class Subscription {
        private final RequestId id;
        private final boolean tools;
        private final boolean prompts;
        private final boolean resources;
        private final Set<String> uris;
        private final Consumer<JsonRpcMessage> sink;
        /** The client cancelled the stream: nothing more is sent, even before its wait notices and closes it. */
        private final BooleanSupplier cancelled;
        /** The server is closing: the stream ends with its graceful response. */
        private final BooleanSupplier closing;
        /** Held while a message is written, so nothing overtakes the acknowledgement. */
        private final ReentrantLock writing = new ReentrantLock();
        private final CountDownLatch ended = new CountDownLatch(1);
        private volatile boolean graceful;

        private Subscription(RequestId id, boolean tools, boolean prompts, boolean resources, Set<String> uris,
                             Consumer<JsonRpcMessage> sink, BooleanSupplier cancelled, BooleanSupplier closing) {
            this.closing = closing;
            this.id = id;
            this.tools = tools;
            this.prompts = prompts;
            this.resources = resources;
            this.uris = uris;
            this.sink = sink;
            this.cancelled = cancelled;
        }

        private boolean open() {
            return ended.getCount() > 0 && !cancelled.getAsBoolean();
        }

        /**
         * Waits until the subscription ends: the server ended it, or the sweeper saw the client cancel it
         * or the server closing. Parked meanwhile: an idle stream costs no wake-ups of its own.
         */
        public void awaitEnd() throws InterruptedException {
            ended.await();
        }

        /** Whether the server ended it (shutdown), which is answered with a graceful result. */
        public boolean endedByServer() {
            return graceful;
        }

        /** The graceful-closure response (spec: subscriptions, "Graceful Closure"). */
        public JsonRpcResponse closingResponse() {
            ObjectNode result = CODEC.newObject();
            result.put("resultType", ResultType.COMPLETE.wire());
            result.putObject("_meta").set(ModernMeta.SUBSCRIPTION_ID, idNode(id));
            return new JsonRpcResponse(id, result);
        }

        private void deliver(String method, ObjectNode params) {
            params.withObjectProperty("_meta").set(ModernMeta.SUBSCRIPTION_ID, idNode(id));
            writing.lock();
            try {
                sink.accept(JsonRpcNotification.of(method, params));
            } finally {
                writing.unlock();
            }
        }
    }

    /**
     * Opens a subscription and sends its acknowledgement, the first message carrying its id.
     *
     * @param params     the request's params ({@code notifications} filter)
     * @param capable    which list kinds the server can announce: tools, prompts, resources
     * @param mayWatch   whether the caller may be told of updates to a URI (others are left out of the filter)
     * @param cancelled  whether the client cancelled the stream (from then on nothing is sent to it)
     * @param closing    whether the server is closing
     */
    public Subscription open(RequestId id, JsonNode params, boolean[] capable, java.util.function.Predicate<String> mayWatch,
                             Consumer<JsonRpcMessage> sink, BooleanSupplier cancelled, BooleanSupplier closing) {
        JsonNode wanted = params.path("notifications");
        boolean tools = capable[0] && wanted.path("toolsListChanged").asBoolean(false);
        boolean prompts = capable[1] && wanted.path("promptsListChanged").asBoolean(false);
        boolean resources = capable[2] && wanted.path("resourcesListChanged").asBoolean(false);
        Set<String> uris = new LinkedHashSet<>();
        if (capable[2] && wanted.path("resourceSubscriptions").isArray()) {
            wanted.path("resourceSubscriptions").forEach(u -> {
                if (u.isString() && mayWatch.test(u.stringValue())) {
                    uris.add(u.stringValue());
                }
            });
        }
        Subscription subscription = new Subscription(id, tools, prompts, resources, Set.copyOf(uris), sink, cancelled, closing);
        // The filter the server honours: what was asked for and can be delivered, nothing else.
        ObjectNode ack = CODEC.newObject();
        ObjectNode honoured = ack.putObject("notifications");
        if (tools) {
            honoured.put("toolsListChanged", true);
        }
        if (prompts) {
            honoured.put("promptsListChanged", true);
        }
        if (resources) {
            honoured.put("resourcesListChanged", true);
        }
        if (!uris.isEmpty()) {
            uris.forEach(honoured.putArray("resourceSubscriptions")::add);
        }
        // Live before the acknowledgement is written (a change made after the client saw it must reach
        // it), and nothing overtakes the acknowledgement: a notification waits for the write lock.
        subscription.writing.lock();
        try {
            live.add(subscription);
            uris.forEach(watched::add);
            subscription.deliver(ModernMethods.NOTIFICATIONS_SUBSCRIPTIONS_ACKNOWLEDGED, ack);
        } finally {
            subscription.writing.unlock();
        }
        sweep();
        return subscription;
    }

    /**
     * Starts the sweeper unless one runs. The flags it reads are set by transports that know nothing of
     * the streams' waits (a keep-alive that failed, a notifications/cancelled, the server's close): one
     * thread looks at every stream's flags, ending those that were cancelled or whose server closes, so
     * that thousands of idle streams park instead of each waking up to look (item 24 of docs/performance.md).
     */
    private void sweep() {
        if (!sweeping.compareAndSet(false, true)) {
            return;
        }
        Thread.ofVirtual().name("mcphost-listen-sweeper").start(() -> {
            try {
                while (true) {
                    Thread.sleep(SWEEP_MILLIS);
                    for (Subscription s : live) {
                        if (s.cancelled.getAsBoolean() || s.closing.getAsBoolean()) {
                            s.ended.countDown();
                        }
                    }
                    if (live.isEmpty()) {
                        sweeping.set(false);
                        // A stream opened just now saw a sweeper running and started none: take over again.
                        if (live.isEmpty() || !sweeping.compareAndSet(false, true)) {
                            return;
                        }
                    }
                }
            } catch (InterruptedException e) {
                sweeping.set(false);
            }
        });
    }

    /** The client went away or cancelled: nothing more is sent to it. */
    public void close(Subscription subscription) {
        if (live.remove(subscription)) {
            subscription.uris.forEach(watched::remove);
        }
        subscription.ended.countDown();
    }

    /** The server is shutting down: every subscription ends gracefully. */
    public void endAll() {
        for (Subscription s : live) {
            s.graceful = true;
            close(s);
        }
    }

    /** Sends a {@code notifications/.../list_changed} to the subscriptions that opted in to it. */
    public void listChanged(String method) {
        for (Subscription s : live) {
            boolean wants = s.open() && switch (method) {
                case McpMethod.NOTIFICATIONS_TOOLS_LIST_CHANGED -> s.tools;
                case McpMethod.NOTIFICATIONS_PROMPTS_LIST_CHANGED -> s.prompts;
                case McpMethod.NOTIFICATIONS_RESOURCES_LIST_CHANGED -> s.resources;
                default -> false;
            };
            if (wants) {
                s.deliver(method, CODEC.newObject());
            }
        }
    }

    /** Sends {@code notifications/resources/updated} to the subscriptions listening for {@code uri}; returns how many. */
    public int resourceUpdated(String uri) {
        int told = 0;
        for (Subscription s : live) {
            if (s.open() && s.uris.contains(uri)) {
                s.deliver(McpMethod.NOTIFICATIONS_RESOURCES_UPDATED, CODEC.newObject().put("uri", uri));
                told++;
            }
        }
        return told;
    }

    private static JsonNode idNode(RequestId id) {
        return switch (id) {
            case RequestId.NumberId n -> CODEC.mapper().getNodeFactory().numberNode(n.value());
            case RequestId.StringId s -> CODEC.mapper().getNodeFactory().stringNode(s.value());
        };
    }
}
