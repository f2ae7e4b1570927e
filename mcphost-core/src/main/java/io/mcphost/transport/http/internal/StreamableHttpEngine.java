package io.mcphost.transport.http.internal;

import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.McpSessionExpiredException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.internal.LogLimit;
import java.io.IOException;
import java.io.InputStream;
import org.eclipse.jetty.client.HttpClient;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * The Streamable HTTP transport (revisions 2025-03-26 … 2025-11-25): every message is a POST;
 * requests are sent on their own virtual thread and answered by a JSON body or an SSE stream;
 * notifications and responses expect 202. The session id the server assigns is sent back on
 * every request, the negotiated revision too; a GET stream carries server-initiated messages.
 *
 * <p>A dropped SSE stream is resumed with a GET carrying {@code Last-Event-ID}, after the delay
 * the server asked for with {@code retry}, at most {@code maxReconnectAttempts} times in a row.
 * A 404 (or a 400 complaining about the session) for a request that carried a session id means
 * the session is gone: the id is forgotten and the request fails with
 * {@link McpSessionExpiredException}, so the client can run the handshake again.
 */
public final class StreamableHttpEngine implements HttpEngine {
    private static final Logger LOG = LoggerFactory.getLogger(StreamableHttpEngine.class);
    private final LogLimit junkLogs = new LogLimit(5, Duration.ofSeconds(10));
    private static final JsonCodec CODEC = JsonCodec.get();

    /** Takes over a first message the server refused with 400, 404 or 405 (fallback to HTTP+SSE). */
    @FunctionalInterface
    public interface Fallback {
        /** @return whether the message was taken over (and any failure reported) */
        boolean takeOver(JsonRpcMessage message, int status);
    }

    /** At most this long the handshake waits for the server to answer the listening GET. */
    private static final Duration LISTEN_WAIT = Duration.ofSeconds(2);

    private final HttpSettings settings;
    private final Delivery delivery;
    private final Exchanges exchanges;
    private final Fallback fallback;
    private final ModernPost modern;
    private final RequestRunner runner;
    private final String where;
    /**
     * The session and the one the server forgot, in one reference: a request that finds no session must
     * also find that it expired, or it goes out without one and the server's 400 reads as a failure, not
     * as an expiry to recover from. (Two fields, cleared and set one after the other, left that gap.)
     */
    private final AtomicReference<SessionState> session = new AtomicReference<>(SessionState.NONE);
    private volatile String protocolVersion;
    private volatile boolean established;
    /** Bumped whenever the listening stream must stop (session gone, new handshake, close). */
    private final AtomicLong listenGeneration = new AtomicLong();

    public StreamableHttpEngine(HttpSettings settings, Delivery delivery, HttpClient http, Fallback fallback) {
        this.settings = settings;
        this.delivery = delivery;
        this.exchanges = new Exchanges(http, settings);
        this.fallback = fallback;
        this.modern = new ModernPost(settings, delivery, exchanges);
        this.where = HttpErrors.safe(settings.endpoint());
        this.runner = new RequestRunner(settings, delivery, exchanges, where, new RequestRunner.Posts() {
            @Override
            public McpTransportException post(JsonRpcMessage request) {
                return StreamableHttpEngine.this.post(request);
            }

            @Override
            public McpTransportException modern(JsonRpcRequest request, java.util.Map<String, String> headers) {
                return modern.exchange(request, headers);
            }

            @Override
            public RequestRunner.Direct direct(JsonRpcRequest request) {
                return StreamableHttpEngine.this.direct(request);
            }

            @Override
            public McpTransportException received(JsonRpcMessage request, Incoming response, String used,
                                                  boolean initialize) {
                return StreamableHttpEngine.this.received(request, response, used, initialize);
            }
        });
    }

    /** Whether a POST has succeeded, i.e. the server speaks Streamable HTTP. */
    public boolean established() {
        return established;
    }

    /** The {@code Mcp-Session-Id} the server assigned; empty before it did, or when it assigns none. */
    public Optional<String> sessionId() {
        return Optional.ofNullable(session.get().id());
    }

    /**
     * {@code id}: the {@code Mcp-Session-Id} in use (null: none yet, none assigned, or forgotten);
     * {@code expired}: the session the server forgot, until a new initialize succeeds (null when none was lost).
     */
    private record SessionState(String id, String expired) {
        static final SessionState NONE = new SessionState(null, null);
    }

    @Override
    public void send(JsonRpcMessage message) {
        if (exchanges.isClosed()) {
            throw new McpClosedException(settings.name(), "the HTTP transport to " + where + " is closed");
        }
        if (message instanceof JsonRpcRequest request) {
            // In the background: a JSON-mode server sends its headers only with the answer.
            runner.start(request, null);
            return;
        }
        McpTransportException failure = post(message);
        if (failure != null) {
            throw failure;
        }
    }

    /** A request of revision 2026-07-28 (it carries MCP-Protocol-Version): no session, see {@link ModernPost}. */
    @Override
    public void send(JsonRpcMessage message, java.util.Map<String, String> headers) {
        if (!headers.containsKey("MCP-Protocol-Version")) {
            send(message);
            return;
        }
        if (!(message instanceof JsonRpcRequest request)) {
            // This revision defines no client notifications over HTTP: cancelling is closing the stream.
            if (message instanceof io.mcphost.protocol.JsonRpcNotification n && McpMethod.NOTIFICATIONS_CANCELLED.equals(n.method())) {
                modern.abort(n.params().map(p -> p.get("requestId")).orElse(null));
            }
            return;
        }
        if (exchanges.isClosed()) {
            throw new McpClosedException(settings.name(), "the HTTP transport to " + where + " is closed");
        }
        runner.start(request, headers);
    }

    /** The POST of {@code request} when it may be sent at once (see {@link RequestRunner}), else null. */
    private RequestRunner.Direct direct(JsonRpcRequest request) {
        SessionState now = session.get();
        String used = now.id();
        boolean initialize = McpMethod.INITIALIZE.equals(request.method());
        if (used == null && now.expired() != null && !initialize) {
            return null; // between an expiry and the new handshake: post says so
        }
        return new RequestRunner.Direct(postRequest(request, used), used, initialize);
    }

    /** The POST of {@code message} in session {@code used} (null: none yet). */
    private Outgoing postRequest(JsonRpcMessage message, String used) {
        Outgoing builder = exchanges.request(settings.endpoint())
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(CODEC.encodeBytes(message)); // no String in between
        return withSession(builder, used);
    }

    /** One POST and its answer; returns why it failed, or null. */
    private McpTransportException post(JsonRpcMessage message) {
        SessionState now = session.get();
        String used = now.id();
        boolean initialize = message instanceof JsonRpcRequest r && McpMethod.INITIALIZE.equals(r.method());
        String lost = now.expired();
        if (used == null && lost != null && !initialize) {
            // Between an expiry and the new handshake: sent now, the message would carry no session and the
            // server's 400 would not read as an expiry. The client retries it once the new session exists.
            return new McpSessionExpiredException(settings.name(), "the server no longer knows session "
                    + SessionChecks.abbreviate(lost) + "; waiting for a new one");
        }
        Incoming response;
        try {
            response = exchanges.send(postRequest(message, used));
        } catch (Exchanges.AuthorizationRequired e) {
            return e.refused(); // 401 / 403 insufficient_scope: the client's authorisation stage takes it from here
        } catch (IOException e) {
            // After close the client fails its pending calls itself; nothing to report.
            return exchanges.isClosed() ? null : new McpTransportException(settings.name(), "cannot reach " + where + ": "
                    + HttpErrors.describe(e, settings.endpoint()), e);
        }
        return received(message, response, used, initialize);
    }

    /** Handles the response to the POST of {@code message} (sent in session {@code used}); returns why it failed, or null. */
    private McpTransportException received(JsonRpcMessage message, Incoming response, String used,
                                           boolean initialize) {
        int status = response.statusCode();
        try {
            if (status / 100 == 2) {
                Optional<String> assigned = response.header("Mcp-Session-Id");
                if (assigned.isPresent() && !SessionChecks.validSessionId(assigned.get())) {
                    return new McpTransportException(settings.name(), "the server at " + where + " assigned a session id"
                            + " with characters other than visible ASCII (0x21 to 0x7E), which MCP forbids; refused");
                }
                established = true;
                if (assigned.isPresent() || initialize) {
                    // The assigned id replaces the one the request was sent in (not a newer one); a successful
                    // initialize ends the expiry: a new session (or a server that stopped using them).
                    session.updateAndGet(s -> new SessionState(
                            assigned.isPresent() && java.util.Objects.equals(s.id(), used) ? assigned.get() : s.id(),
                            initialize ? null : s.expired()));
                }
                return answer(message, response, used);
            }
            String excerpt = HttpErrors.excerpt(response);
            if (fallback != null && used == null && !established && (status == 400 || status == 404 || status == 405)
                    && fallback.takeOver(message, status)) {
                return null;
            }
            if (used != null && (status == 404 || status == 400 && excerpt.toLowerCase(Locale.ROOT).contains("session"))) {
                expire(used);
                return new McpSessionExpiredException(settings.name(), "the server no longer knows session "
                        + SessionChecks.abbreviate(used) + " (HTTP " + status + excerpt + ")");
            }
            return new McpTransportException(settings.name(), "HTTP " + status + " from " + where + excerpt);
        } finally {
            exchanges.done(response.body());
        }
    }

    /** Reads a successful response: nothing (202), one JSON body, or an SSE stream. */
    private McpTransportException answer(JsonRpcMessage message, Incoming response, String used) {
        String type = HttpErrors.contentType(response);
        RequestId awaited = message instanceof JsonRpcRequest r ? r.id() : null;
        if (type.startsWith("text/event-stream")) {
            // An initialize answer names the session it creates; every other answer belongs to the one it was sent in.
            String session = response.header("Mcp-Session-Id").orElse(used);
            return readStream(response.body(), awaited, "", listenGeneration.get(), session);
        }
        String body;
        try {
            body = HttpErrors.readBounded(response.body(), settings.maxMessageBytes());
        } catch (IOException e) {
            return exchanges.isClosed() ? null
                    : new McpTransportException(settings.name(), "reading the answer from " + where + " failed: " + HttpErrors.describe(e), e);
        }
        if (body.isBlank()) {
            return awaited == null || response.statusCode() == 202 ? null
                    : new McpTransportException(settings.name(), "HTTP " + response.statusCode() + " from " + where
                    + " carried no answer to request " + awaited);
        }
        boolean answered = false;
        try {
            for (JsonRpcMessage inbound : CODEC.decode(body)) {
                if (used != null && SessionChecks.forgotSession(inbound, awaited)) {
                    // Some servers answer an unknown session with 200 and a JSON-RPC error, not 404.
                    expire(used);
                    return new McpSessionExpiredException(settings.name(), "the server no longer knows session "
                            + SessionChecks.abbreviate(used) + " (" + ((JsonRpcErrorResponse) inbound).error().message() + ")");
                }
                delivery.message(inbound);
                answered |= answers(inbound, awaited);
            }
        } catch (McpException e) {
            if (awaited == null) {
                // Some servers put a body on the 2xx for a notification; it answers nothing we wait for.
                LOG.debug("server '{}': ignored a body that is not JSON-RPC in reply to a notification: {}", settings.name(), e.getMessage());
                return null;
            }
            // Status, type and the body's start tell a web page (a wrong URL) from a broken server at a glance.
            String start = body.strip();
            start = start.substring(0, Math.min(start.length(), 200)).replaceAll("\\s+", " ");
            return new McpTransportException(settings.name(), "the answer from " + where + " is not JSON-RPC (HTTP "
                    + response.statusCode() + ", " + (type.isEmpty() ? "no Content-Type" : type) + ", starting \""
                    + (start.length() > 60 ? start.substring(0, 60) + "..." : start) + "\"): " + e.getMessage(), e);
        }
        return awaited == null || answered ? null
                : new McpTransportException(settings.name(), "the JSON answer from " + where + " did not answer request " + awaited);
    }

    /**
     * Reads an SSE stream until it ends, resuming it with {@code Last-Event-ID} when it drops
     * before {@code awaited} is answered ({@code awaited} null: the listening GET stream, which is
     * resumed until {@code generation} changes). {@code session} is the session the stream belongs to,
     * which a resume must name even when a newer session has replaced it since.
     */
    private McpTransportException readStream(InputStream first, RequestId awaited, String resumeFrom, long generation,
                                             String session) {
        InputStream body = first;
        String lastId = resumeFrom;
        long retry = settings.defaultRetry().toMillis();
        int attempts = 0;
        while (true) {
            SseReader reader = new SseReader(body, settings.maxMessageBytes(), lastId);
            boolean answered = false;
            boolean progressed = false;
            String why = "the server ended the stream";
            try {
                SseEvent event;
                // A request's stream is done once it carried the answer, even if the server keeps it open.
                while (!answered && (event = reader.next()) != null) {
                    progressed = true;
                    answered = deliver(event, awaited);
                }
                if (answered) {
                    Drain.afterAnswer(reader, body, exchanges, late -> deliver(late, awaited));
                }
            } catch (IOException e) {
                why = "the stream broke: " + HttpErrors.describe(e);
            } finally {
                exchanges.done(body);
            }
            lastId = reader.lastEventId();
            retry = reader.retryMillis().orElse(retry);
            if (answered || exchanges.isClosed() || awaited == null && listenGeneration.get() != generation) {
                return null;
            }
            // A server closes a dead session's streams: such a stream cannot be resumed in another session
            // (replaced already, or found gone by a probe when there is no event id), so the request is resent.
            if (awaited != null && session != null && (!session.equals(this.session.get().id()) || lastId.isEmpty()
                    && SessionChecks.gone(exchanges, withSession(exchanges.request(settings.endpoint()), session)))) {
                expire(session);
                return new McpSessionExpiredException(settings.name(), "session " + SessionChecks.abbreviate(session)
                        + " ended before the server answered request " + awaited);
            }
            if (awaited != null && lastId.isEmpty()) {
                return new McpTransportException(settings.name(), why + " before answering request " + awaited
                        + " and gave no event id to resume from");
            }
            attempts = progressed ? 1 : attempts + 1;
            if (attempts > settings.maxReconnectAttempts()) {
                return awaited == null ? null : new McpTransportException(settings.name(), why + " before answering request "
                        + awaited + "; resuming failed " + settings.maxReconnectAttempts() + " times");
            }
            if (!pause(retry)) {
                return null;
            }
            LOG.debug("server '{}': resuming an SSE stream after event '{}' ({})", settings.name(), lastId, why);
            Incoming response = openGet(lastId, session);
            if (response == null) {
                if (exchanges.isClosed()) {
                    return null;
                }
                body = InputStream.nullInputStream();
                continue;
            }
            int status = response.statusCode();
            if (status == 200 && HttpErrors.contentType(response).startsWith("text/event-stream")) {
                body = response.body();
                continue;
            }
            String excerpt = HttpErrors.excerpt(response);
            exchanges.done(response.body());
            String used = session;
            if (status == 404 && used != null) {
                expire(used);
                return awaited == null ? null : new McpSessionExpiredException(settings.name(),
                        "the server no longer knows session " + SessionChecks.abbreviate(used) + " while resuming a stream (HTTP 404)");
            }
            if (status == 405 || status / 100 == 4) {
                return awaited == null ? null : new McpTransportException(settings.name(), why + " before answering request "
                        + awaited + ", and resuming it was refused: HTTP " + status + excerpt);
            }
            body = InputStream.nullInputStream(); // a 5xx: count it as one failed attempt and try again
        }
    }

    /** Adds the session's headers (its id when there is one, the negotiated revision once agreed); returns {@code builder}. */
    private Outgoing withSession(Outgoing builder, String session) {
        if (session != null) {
            builder.header("Mcp-Session-Id", session);
        }
        String version = protocolVersion;
        if (version != null) {
            builder.header("MCP-Protocol-Version", version);
        }
        return builder;
    }

    /** Delivers one event's message(s); returns whether one answers {@code awaited}. */
    private boolean deliver(SseEvent event, RequestId awaited) {
        if (!"message".equals(event.type()) || event.data().isBlank()) {
            return false; // priming events (id, empty data) and foreign event types carry no message
        }
        boolean answered = false;
        try {
            for (JsonRpcMessage inbound : CODEC.decode(event.data())) {
                delivery.message(inbound, awaited);
                answered |= answers(inbound, awaited);
            }
        } catch (McpException e) {
            // Rate-limited and bounded like junk on stdio: the server decides how many such events come.
            junkLogs.log(LOG, Level.WARN, "skipped SSE events of server '" + settings.name() + "'",
                    "server '{}': skipped an SSE event that is not JSON-RPC: {}", settings.name(), LogLimit.bounded(e.getMessage()));
        }
        return answered;
    }

    private static boolean answers(JsonRpcMessage message, RequestId awaited) {
        if (awaited == null) {
            return false;
        }
        return switch (message) {
            case JsonRpcResponse r -> r.id().equals(awaited);
            case JsonRpcErrorResponse e -> e.id().map(awaited::equals).orElse(false);
            default -> false;
        };
    }

    /** A GET on the endpoint, resuming after {@code lastEventId} when not empty; null when it failed to connect. */
    private Incoming openGet(String lastEventId, String session) {
        Outgoing builder = exchanges.request(settings.endpoint()).header("Accept", "text/event-stream").GET();
        withSession(builder, session);
        if (!lastEventId.isEmpty()) {
            builder.header("Last-Event-ID", lastEventId);
        }
        try {
            return exchanges.send(builder);
        } catch (IOException e) {
            LOG.debug("server '{}': GET {} failed: {}", settings.name(), where, HttpErrors.describe(e, settings.endpoint()));
            return null;
        }
    }

    private boolean pause(long millis) {
        try {
            Thread.sleep(Math.max(0, millis));
            return !exchanges.isClosed();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The session is gone: forget its id (unless a newer one replaced it) and stop listening on it. */
    private void expire(String used) {
        SessionState before;
        do {
            before = session.get();
            if (!used.equals(before.id())) {
                return; // replaced by a newer session already, or forgotten by another request
            }
        } while (!session.compareAndSet(before, new SessionState(null, used)));
        protocolVersion = null;
        listenGeneration.incrementAndGet();
        LOG.debug("server '{}': session {} expired", settings.name(), SessionChecks.abbreviate(used));
    }

    @Override
    public void handshakeCompleted(ProtocolVersion version) {
        protocolVersion = version.id();
        long generation = listenGeneration.incrementAndGet();
        if (!settings.listen()) {
            return;
        }
        CountDownLatch answered = new CountDownLatch(1);
        Thread.ofVirtual().name("mcphost-http-listen-" + settings.name()).start(() -> listen(generation, answered));
        // Wait (briefly) until the server has answered the GET, so the listening stream exists before the
        // first request: a message the server sends for that request on the GET stream then has a
        // reader, and the GET cannot arrive after the request it would race.
        try {
            answered.await(Math.min(settings.connectTimeout().toMillis(), LISTEN_WAIT.toMillis()), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The optional GET stream for server-initiated messages; a 405 means the server offers none. */
    private void listen(long generation, CountDownLatch answered) {
        Incoming response;
        String session = this.session.get().id();
        try {
            response = openGet("", session);
        } finally {
            answered.countDown();
        }
        if (response == null) {
            return;
        }
        if (response.statusCode() == 200 && HttpErrors.contentType(response).startsWith("text/event-stream")) {
            readStream(response.body(), null, "", generation, session);
            return;
        }
        LOG.debug("server '{}': no listening stream (GET answered HTTP {})", settings.name(), response.statusCode());
        exchanges.done(response.body());
    }

    @Override
    public void close(Duration budget) {
        listenGeneration.incrementAndGet();
        String used = session.getAndUpdate(s -> new SessionState(null, s.expired())).id();
        if (used != null && !exchanges.isClosed()) {
            // Spec: a client that no longer needs the session SHOULD delete it. Half the budget at most.
            Outgoing delete = exchanges.request(settings.endpoint()).DELETE();
            withSession(delete, used);
            int status = exchanges.sendDiscarding(delete, budget.dividedBy(2));
            LOG.debug("server '{}': DELETE of the session answered {}", settings.name(), status);
        }
        exchanges.abortAll();
    }
}
