package io.mcphost.transport.http.internal;

import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.McpAnswerLostException;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.McpSessionExpiredException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import java.io.IOException;
import org.eclipse.jetty.client.HttpClient;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Streamable HTTP transport (revisions 2025-03-26 … 2025-11-25): every message is a POST;
 * requests are sent on their own virtual thread and answered by a JSON body or an SSE stream;
 * notifications and responses expect 202. The session id the server assigns is sent back on
 * every request, the negotiated revision too; a GET stream carries server-initiated messages.
 *
 * <p>SSE streams (a request's answer, the listening GET) are read and resumed by {@link SseStreams}; the
 * session's state is {@link HttpSession}'s. A 404 (or a 400 complaining about the session) for a request that carried a session id means
 * the session is gone: the id is forgotten and the request fails with
 * {@link McpSessionExpiredException}, so the client can run the handshake again.
 */
public final class StreamableHttpEngine implements HttpEngine {
    private static final Logger LOG = LoggerFactory.getLogger(StreamableHttpEngine.class);
    private static final JsonCodec CODEC = JsonCodec.get();

    /** Takes over a first message the server refused with 400, 404 or 405 (fallback to HTTP+SSE). */
    @FunctionalInterface
    public interface Fallback {
        /** @return whether the message was taken over (and any failure reported) */
        boolean takeOver(JsonRpcMessage message, int status);
    }

    /** Posts after the first of an answer to the server's question whose POST lost its way; 50 ms × 4ⁿ apart. */
    static final int ANSWER_RETRIES = 2;
    static final Duration ANSWER_RETRY_PAUSE = Duration.ofMillis(50);
    /** At most this long the handshake waits for the server to answer the listening GET. */
    private static final Duration LISTEN_WAIT = Duration.ofSeconds(2);

    private final HttpSettings settings;
    private final Delivery delivery;
    private final Exchanges exchanges;
    private final Fallback fallback;
    private final ModernPost modern;
    private final RequestRunner runner;
    private final String where;
    private final HttpSession session;
    private final SseStreams streams;
    private volatile boolean established;

    public StreamableHttpEngine(HttpSettings settings, Delivery delivery, HttpClient http, Fallback fallback) {
        this.settings = settings;
        this.delivery = delivery;
        this.exchanges = new Exchanges(http, settings);
        this.fallback = fallback;
        this.modern = new ModernPost(settings, delivery, exchanges);
        this.where = HttpErrors.safe(settings.endpoint());
        this.session = new HttpSession(settings.name());
        this.streams = new SseStreams(settings, delivery, exchanges, session, where);
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
            public boolean modernDirect(JsonRpcRequest request, java.util.Map<String, String> headers,
                                        java.util.function.Consumer<McpTransportException> done) {
                return modern.exchangeDirect(request, headers, done);
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
        return Optional.ofNullable(session.id());
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
        // An answer to the server's question that was lost on the way (a proxy's 502 when the replica it
        // reached died, a broken connection) is posted again: the server takes an answer once and ignores
        // one it no longer waits for, so repeating it is always safe, and without it the question waits
        // out its timeout.
        for (int again = 0; failure instanceof io.mcphost.protocol.McpAnswerLostException && again < ANSWER_RETRIES
                && (message instanceof io.mcphost.protocol.JsonRpcResponse || message instanceof io.mcphost.protocol.JsonRpcErrorResponse)
                && !exchanges.isClosed(); again++) {
            try {
                Thread.sleep(ANSWER_RETRY_PAUSE.toMillis() << (2 * again));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            failure = post(message);
        }
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
        HttpSession.State now = session.state();
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
        return session.withSession(builder, used);
    }

    /** One POST and its answer; returns why it failed, or null. */
    private McpTransportException post(JsonRpcMessage message) {
        HttpSession.State now = session.state();
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
            return exchanges.isClosed() ? null : new McpAnswerLostException(settings.name(), "cannot reach " + where + ": "
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
                session.answered(assigned.orElse(null), used, initialize);
                return answer(message, response, used);
            }
            String excerpt = HttpErrors.excerpt(response);
            if (fallback != null && used == null && !established && (status == 400 || status == 404 || status == 405)
                    && fallback.takeOver(message, status)) {
                return null;
            }
            if (used != null && (status == 404 || status == 400 && excerpt.toLowerCase(Locale.ROOT).contains("session"))) {
                session.expire(used);
                return new McpSessionExpiredException(settings.name(), "the server no longer knows session "
                        + SessionChecks.abbreviate(used) + " (HTTP " + status + excerpt + ")");
            }
            return HttpErrors.statusFailure(settings.name(), status, "HTTP " + status + " from " + where + excerpt);
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
            return streams.read(response.body(), awaited, session.generation(), response.header("Mcp-Session-Id").orElse(used));
        }
        String body;
        try {
            body = HttpErrors.readBounded(response.body(), settings.maxMessageBytes());
        } catch (IOException e) {
            return exchanges.isClosed() ? null
                    : e instanceof HttpErrors.TooLarge
                    ? new McpTransportException(settings.name(), "reading the answer from " + where + " failed: " + HttpErrors.describe(e), e)
                    : new McpAnswerLostException(settings.name(), "reading the answer from " + where + " failed: " + HttpErrors.describe(e), e);
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
                    session.expire(used);
                    return new McpSessionExpiredException(settings.name(), "the server no longer knows session "
                            + SessionChecks.abbreviate(used) + " (" + ((JsonRpcErrorResponse) inbound).error().message() + ")");
                }
                delivery.message(inbound);
                answered |= SseStreams.answers(inbound, awaited);
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

    @Override
    public void handshakeCompleted(ProtocolVersion version) {
        long generation = session.negotiated(version.id());
        if (!settings.listen()) {
            return;
        }
        CountDownLatch answered = new CountDownLatch(1);
        Thread.ofVirtual().name("mcphost-http-listen-" + settings.name()).start(() -> streams.listen(generation, answered));
        // Wait (briefly) until the server has answered the GET, so the listening stream exists before the
        // first request: a message the server sends for that request on the GET stream then has a
        // reader, and the GET cannot arrive after the request it would race.
        try {
            answered.await(Math.min(settings.connectTimeout().toMillis(), LISTEN_WAIT.toMillis()), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close(Duration budget) {
        String used = session.end();
        if (used != null && !exchanges.isClosed()) {
            // Spec: a client that no longer needs the session SHOULD delete it. Half the budget at most.
            Outgoing delete = exchanges.request(settings.endpoint()).DELETE();
            session.withSession(delete, used);
            int status = exchanges.sendDiscarding(delete, budget.dividedBy(2));
            LOG.debug("server '{}': DELETE of the session answered {}", settings.name(), status);
        }
        exchanges.abortAll();
    }
}
