package io.mcphost.server.http.internal;

import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The server-side transport of one HTTP session: what the session's {@code ServerConnection} sends
 * is routed to the right SSE stream, and what clients POST is delivered to it.
 *
 * <p>Routing (spec 2025-11-25, basic/transports): a response goes to the stream of the POST that
 * carried its request; a notification with a {@code progressToken} goes to the stream of the
 * request that gave the token; a request the server makes while serving a client request goes to
 * that request's stream ({@link #send(JsonRpcMessage, RequestId)}); anything else goes to the GET stream when a connection carries it,
 * else to any request stream a connection carries, else waits in a bounded queue (oldest dropped)
 * that is flushed into the GET stream when it opens. Each message goes to one stream only.
 *
 * <p>Thread-safe. {@link #send} never blocks on the network: it appends to a stream's log and the
 * stream's writer thread does the I/O. Inbound messages are delivered one at a time, in the order
 * their POSTs were read, on the HTTP handler's thread; the server connection only starts threads there.
 */
public final class HttpSession implements Transport, io.mcphost.server.internal.RelatedSending,
        io.mcphost.server.internal.NamedSession {
    private static final Logger LOG = LoggerFactory.getLogger(HttpSession.class);
    private static final JsonCodec CODEC = JsonCodec.get();
    /** Messages waiting for a stream to carry them. */
    static final int PENDING_MESSAGES = 1_000;
    /** Streams kept per session; finished ones beyond this are forgotten (no longer resumable). */
    static final int KEPT_STREAMS = 64;

    private final String id;
    /** For logs: the id is a bearer secret (spec: security best practices, session hijacking). */
    private final long serial;
    private final HttpSettings settings;
    /** Who started the session, when the endpoint authenticates; only they may use it. */
    private final Optional<String> principal;
    private final Consumer<HttpSession> onClosed;
    /** When replicas share sessions: the questions sent name this replica, so answers find their way back. */
    private final Optional<Replication> replication;
    private final ReentrantLock lock = new ReentrantLock();
    private final ReentrantLock delivery = new ReentrantLock();
    private final Map<Integer, EventStream> streams = new LinkedHashMap<>();
    private final Map<RequestId, EventStream> byRequest = new HashMap<>();
    private final Map<String, EventStream> byProgressToken = new HashMap<>();
    private final ArrayDeque<String> pending = new ArrayDeque<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private EventStream standalone;
    private int nextStream = 1;
    private volatile InboundHandler inbound;
    private volatile long lastUsedNanos = System.nanoTime();
    /** The session's server connection, once served. */
    private volatile io.mcphost.server.internal.ServerConnection connection;
    /** Set when taken up from a sealed id: what the client chose at other replicas is still to learn. */
    private final AtomicBoolean unlearned = new AtomicBoolean();

    HttpSession(String id, long serial, HttpSettings settings, Optional<String> principal,
                Consumer<HttpSession> onClosed, Optional<Replication> replication) {
        this.replication = replication;
        this.id = id;
        this.serial = serial;
        this.settings = settings;
        this.principal = principal;
        this.onClosed = onClosed;
    }

    /** The server connection serving this session (set once, right after it is served). */
    void servedBy(io.mcphost.server.internal.ServerConnection served, boolean takenUp) {
        this.connection = served;
        unlearned.set(takenUp);
    }

    /** The server connection serving this session. */
    io.mcphost.server.internal.ServerConnection connection() {
        return connection;
    }

    /**
     * Whether the caller is the one to learn what the client chose at the other replicas: true once,
     * for the first request after the session was taken up from its sealed id.
     */
    boolean claimLearning() {
        return unlearned.compareAndSet(true, false);
    }

    /** Whether {@code caller} (empty when not authenticated) is who started this session. */
    boolean belongsTo(Optional<String> caller) {
        return principal.equals(caller);
    }

    /** The session id, as sent in {@code Mcp-Session-Id}. */
    @Override
    public String id() {
        return id;
    }

    @Override
    public void start(InboundHandler handler) {
        Objects.requireNonNull(handler, "handler");
        if (inbound != null) {
            throw new IllegalStateException(describe() + " was already started");
        }
        inbound = handler;
    }

    /** Routes one message from the server connection; see the class comment. Never blocks on I/O. */
    @Override
    public void send(JsonRpcMessage message) {
        Objects.requireNonNull(message, "message");
        if (replication.isPresent()) {
            message = replication.get().tagOutgoing(message);
        }
        if (closed.get()) {
            throw new McpClosedException(null, describe() + " is closed");
        }
        String json = CODEC.encode(message);
        switch (message) {
            case JsonRpcResponse r -> answer(r.id(), json);
            case JsonRpcErrorResponse e -> e.id().ifPresentOrElse(rid -> answer(rid, json), () -> route(json));
            case JsonRpcNotification n -> toProgressStream(n, json);
            case JsonRpcRequest r -> route(json);
        }
    }

    /**
     * A request or notification the server sends while serving the client's request {@code relatedTo}
     * (a question, progress, a log message): on that request's stream while it is open (spec
     * basic/transports: it SHOULD relate to the originating request, so the client knows whose it is),
     * else as any other message.
     */
    @Override
    public void send(JsonRpcMessage message, RequestId relatedTo) {
        if (!(message instanceof JsonRpcRequest || message instanceof JsonRpcNotification)) {
            send(message);
            return;
        }
        JsonRpcMessage untagged = message;
        if (replication.isPresent()) {
            message = replication.get().tagOutgoing(message);
        }
        if (closed.get()) {
            throw new McpClosedException(null, describe() + " is closed");
        }
        String json = CODEC.encode(message);
        lock.lock();
        try {
            EventStream stream = byRequest.get(relatedTo);
            if (stream != null && stream.isSse() && !stream.isComplete()) {
                stream.append(json);
                return;
            }
            if (message instanceof JsonRpcRequest) {
                route(json);
                return;
            }
        } finally {
            lock.unlock();
        }
        send(untagged); // a notification whose request has no open stream: the general route (progress: its token's)
    }

    private void answer(RequestId requestId, String json) {
        lock.lock();
        try {
            EventStream stream = byRequest.remove(requestId);
            if (stream == null) {
                // Spec: a response must not go on the GET stream; its POST is gone (cancelled or forgotten).
                LOG.debug("{}: dropped the response to {}: no stream waits for it", describe(), requestId);
            } else if (stream.answer(requestId, json)) {
                byProgressToken.values().removeIf(s -> s == stream);
            }
        } finally {
            lock.unlock();
        }
    }

    private void toProgressStream(JsonRpcNotification n, String json) {
        Optional<String> token = n.params().flatMap(p -> tokenKey(p.get("progressToken")));
        lock.lock();
        try {
            EventStream stream = token.map(byProgressToken::get).orElse(null);
            // A JSON-mode POST returns exactly one JSON object, its response: its progress takes the general route.
            if (stream != null && stream.isSse() && !stream.isComplete()) {
                stream.append(json);
            } else {
                route(json);
            }
        } finally {
            lock.unlock();
        }
    }

    /** A message not tied to a request: GET stream, else a live request stream, else the pending queue. */
    private void route(String json) {
        lock.lock();
        try {
            if (standalone != null && standalone.isLive()) {
                standalone.append(json);
                return;
            }
            for (EventStream stream : streams.values()) {
                if (stream.isSse() && !stream.isStandalone() && stream.isLive()) {
                    stream.append(json);
                    return;
                }
            }
            pending.addLast(json);
            if (pending.size() > PENDING_MESSAGES) {
                pending.removeFirst();
                LOG.debug("{}: dropped the oldest message waiting for a GET stream", describe());
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Opens the stream for a POST carrying {@code requests}, registering their ids and progress
     * tokens before they are delivered, so that no answer can outrun its route.
     *
     * @return empty if one of the ids is still in use by an earlier request of this session
     */
    Optional<EventStream> openRequestStream(List<JsonRpcRequest> requests, boolean sse, boolean prime) {
        lock.lock();
        try {
            List<RequestId> ids = new ArrayList<>();
            for (JsonRpcRequest r : requests) {
                if (byRequest.containsKey(r.id()) || ids.contains(r.id())) {
                    return Optional.empty();
                }
                ids.add(r.id());
            }
            // A request stream names its replica in its event ids (replicas sharing sessions): a client that
            // resumes it through another replica is passed on to this one, where the request runs.
            EventStream stream = new EventStream(nextStream++, sse, false, ids, prime, settings.sseRetry(),
                    replication.flatMap(Replication::origin).map(o -> o + Replication.EVENT_ID_ORIGIN_END).orElse(""));
            remember(stream);
            ids.forEach(rid -> byRequest.put(rid, stream));
            for (JsonRpcRequest r : requests) {
                r.params().flatMap(p -> tokenKey(p.path("_meta").get("progressToken")))
                        .ifPresent(key -> byProgressToken.put(key, stream));
            }
            return Optional.of(stream);
        } finally {
            lock.unlock();
        }
    }

    /** A JSON-mode POST was answered: its stream cannot be resumed, so it is not kept. */
    void forget(EventStream stream) {
        lock.lock();
        try {
            streams.remove(stream.number());
        } finally {
            lock.unlock();
        }
    }

    /** A new GET stream attached to its first connection, or empty while another connection carries the GET stream. */
    Optional<Attached> openStandalone(boolean prime) {
        lock.lock();
        try {
            if (standalone != null && standalone.isAttached()) {
                return Optional.empty();
            }
            // With replicas, its event ids name this replica and mark it as a GET stream: one resumed at another
            // replica is opened afresh there, never confused with a stream of that replica's copy of the session.
            standalone = new EventStream(nextStream++, true, true, List.of(), prime, settings.sseRetry(),
                    replication.flatMap(Replication::origin).map(o -> o + Replication.EVENT_ID_ORIGIN_END
                            + Replication.GET_STREAM_MARK).orElse(""));
            remember(standalone);
            EventStream.Attachment attachment = standalone.attach(-1);
            flushPending();
            return Optional.of(new Attached(standalone, attachment));
        } finally {
            lock.unlock();
        }
    }

    /** Resumes the stream {@code lastEventId} belongs to, after that event; empty if no kept stream has it. */
    Optional<Attached> resume(String lastEventId) {
        lastEventId = lastEventId.substring(lastEventId.lastIndexOf(Replication.EVENT_ID_ORIGIN_END) + 1); // our own origin, if any
        if (!lastEventId.isEmpty() && lastEventId.charAt(0) == Replication.GET_STREAM_MARK) {
            lastEventId = lastEventId.substring(1);
        }
        int dash = lastEventId.lastIndexOf('-');
        int number;
        long seq;
        try {
            number = Integer.parseInt(lastEventId.substring(0, Math.max(dash, 0)));
            seq = Long.parseLong(lastEventId.substring(dash + 1));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        lock.lock();
        try {
            EventStream stream = streams.get(number);
            if (stream == null || !stream.isSse()) {
                return Optional.empty();
            }
            EventStream.Attachment attachment = stream.attach(seq);
            if (stream == standalone) {
                flushPending();
            }
            return Optional.of(new Attached(stream, attachment));
        } finally {
            lock.unlock();
        }
    }

    /** A stream and the connection now writing it. */
    record Attached(EventStream stream, EventStream.Attachment attachment) {
    }

    private void flushPending() {
        while (!pending.isEmpty()) {
            standalone.append(pending.removeFirst());
        }
    }

    private void remember(EventStream stream) {
        streams.put(stream.number(), stream);
        if (closed.get()) {
            // close() flags first, then ends the streams it finds under this lock: one opened in between
            // would never end, and its POST or GET would wait forever.
            stream.end();
        }
        Iterator<EventStream> oldest = streams.values().iterator();
        while (streams.size() > KEPT_STREAMS && oldest.hasNext()) {
            EventStream candidate = oldest.next();
            if (candidate != standalone && candidate.isComplete() && !candidate.isAttached()) {
                oldest.remove();
            }
        }
    }

    /**
     * Delivers what a client POSTed to the server connection, in order. A {@code notifications/cancelled}
     * also completes its request's stream, since the server sends no response to a cancelled request.
     */
    void deliver(List<JsonRpcMessage> messages) {
        touch();
        InboundHandler handler = inbound;
        delivery.lock();
        try {
            for (JsonRpcMessage message : messages) {
                if (message instanceof JsonRpcNotification n && n.method().equals(McpMethod.NOTIFICATIONS_CANCELLED)) {
                    n.params().flatMap(p -> JsonCodec.requestId(p.get("requestId"))).ifPresent(this::cancelled);
                }
                handler.onMessage(message);
            }
        } finally {
            delivery.unlock();
        }
    }

    /**
     * Takes in one POSTed request, in order with what {@link #deliver} delivers, to be served by the
     * returned action on the calling (POST) thread; see {@code ServerConnection.accept}. Empty when the
     * session is served by something else than a server connection, which then gets it by {@link #deliver}.
     */
    Optional<Runnable> acceptHere(JsonRpcRequest request) {
        touch();
        if (!(inbound instanceof io.mcphost.server.internal.ServerConnection served)) {
            return Optional.empty();
        }
        delivery.lock();
        try {
            return Optional.of(served.accept(request));
        } finally {
            delivery.unlock();
        }
    }

    private void cancelled(RequestId requestId) {
        lock.lock();
        try {
            EventStream stream = byRequest.remove(requestId);
            if (stream != null && stream.forget(requestId)) {
                byProgressToken.values().removeIf(s -> s == stream);
            }
        } finally {
            lock.unlock();
        }
    }

    /** Abruptly ends every connection carrying a stream of this session; the streams stay resumable. */
    int dropConnections() {
        lock.lock();
        try {
            int dropped = 0;
            for (EventStream stream : streams.values()) {
                dropped += stream.detach() ? 1 : 0;
            }
            return dropped;
        } finally {
            lock.unlock();
        }
    }

    void touch() {
        lastUsedNanos = System.nanoTime();
    }

    /** Whether nothing used this session for {@code idle}: no request, no open connection, no request running. */
    boolean isIdleFor(Duration idle) {
        lock.lock();
        try {
            if (!byRequest.isEmpty() || streams.values().stream().anyMatch(EventStream::isAttached)) {
                touch(); // in use now: the idle time counts from when the last stream or request ends
                return false;
            }
        } finally {
            lock.unlock();
        }
        return System.nanoTime() - lastUsedNanos > idle.toNanos();
    }

    boolean isClosed() {
        return closed.get();
    }

    /**
     * Ends the session: every stream's writer ends its response, the server connection is told
     * (onClosed) and the registry forgets the session. Returns at once; the budget is not needed
     * because nothing here waits on the network.
     */
    @Override
    public void close(Duration budget) {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        lock.lock();
        try {
            streams.values().forEach(EventStream::end);
            pending.clear();
        } finally {
            lock.unlock();
        }
        onClosed.accept(this);
        InboundHandler handler = inbound;
        if (handler != null) {
            try {
                handler.onClosed(null);
            } catch (RuntimeException e) {
                LOG.warn("{}: inbound handler failed in onClosed", describe(), e);
            }
        }
    }

    @Override
    public void close() {
        close(Duration.ZERO);
    }

    @Override
    public String describe() {
        return "http-session-" + serial;
    }

    @Override
    public String toString() {
        return describe();
    }

    /** A progress token as a map key: the spec allows a string or an integer, and "1" is not 1. */
    private static Optional<String> tokenKey(JsonNode token) {
        if (token == null) {
            return Optional.empty();
        }
        if (token.isString()) {
            return Optional.of("s:" + token.stringValue());
        }
        return token.isIntegralNumber() ? Optional.of("n:" + token.bigIntegerValue()) : Optional.empty();
    }
}
