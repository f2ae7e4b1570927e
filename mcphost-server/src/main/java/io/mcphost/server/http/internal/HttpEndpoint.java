package io.mcphost.server.http.internal;

import io.mcphost.protocol.Era;
import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.modern.ModernMethods;
import io.mcphost.server.internal.CallerContext;
import io.mcphost.server.internal.Dispatcher;
import io.mcphost.server.http.ResponseMode;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The MCP endpoint (spec 2025-11-25, basic/transports, "Streamable HTTP"): checks each exchange
 * (path, Host, Origin, authentication and per-client limits, protocol version, media types, size,
 * session) and hands it to its session. Runs on the HTTP server's virtual threads, one per
 * exchange; a streaming exchange keeps its thread until the stream ends. Thread-safe.
 */
public final class HttpEndpoint {
    private static final Logger LOG = LoggerFactory.getLogger(HttpEndpoint.class);
    private static final JsonCodec CODEC = JsonCodec.get();
    static final String SESSION_HEADER = "Mcp-Session-Id";
    static final String VERSION_HEADER = "MCP-Protocol-Version";
    static final String LAST_EVENT_ID = "Last-Event-ID";
    /**
     * The error a JSON-mode POST gets when the client cancelled its request: the server connection
     * sends no response then (spec: utilities/cancellation), but the POST must be answered. Outside
     * the JSON-RPC reserved range, as LSP's RequestCancelled.
     */
    static final int REQUEST_CANCELLED = -32800;
    /** How much of a refused body is read and dropped before the 413; a bigger one is cut off with its connection. */
    private static final int DRAINED_BYTES = 1 << 20;

    private final HttpSettings settings;
    private final Sessions sessions;
    private final RebindingGuard guard;
    private final Admission admission;
    /** Exchanges being handled, streams included: what {@link #awaitIdle} waits for. */
    private final InFlight exchanges = new InFlight();
    /** Exchanges admitted (authenticated, within the rate) and not yet answered. */
    private final AtomicInteger admitted = new AtomicInteger();
    /** Exchanges answering with a stream (SSE) right now, counted by {@link JettyExchange}. */
    private final AtomicInteger openStreams = new AtomicInteger();

    private final ModernHttp modern;
    private final ReplicaExchanges replicas;
    /** POSTs running requests now (both eras; not listen streams, not GET streams): what a drain waits for. */
    private final InFlight calls = new InFlight();
    /** Once set, every response asks the client (the load balancer) to close its connection after it. */
    private volatile boolean draining;

    public HttpEndpoint(HttpSettings settings, Sessions sessions, Admission admission) {
        this.settings = settings;
        this.sessions = sessions;
        this.admission = admission;
        this.modern = new ModernHttp(sessions.stateless());
        this.replicas = new ReplicaExchanges(sessions);
        this.guard = new RebindingGuard(settings.allowedOrigins(), settings.checkHost());
    }

    /** Serves one exchange, on its own virtual thread; always ends it. */
    void handle(Exchange exchange) {
        exchanges.enter();
        try {
            serve(exchange);
        } catch (IOException e) {
            LOG.debug("{} {}: the client went away: {}", exchange.method(), settings.path(), e.getMessage());
        } catch (RuntimeException e) {
            LOG.warn("{} {} failed", exchange.method(), settings.path(), e);
            try {
                Replies.error(exchange, 500, JsonRpcError.INTERNAL_ERROR, "internal error: " + e);
            } catch (IOException | RuntimeException ignored) {
                // the headers were already sent: closing the exchange below is all that is left
            }
        } finally {
            exchange.close();
            exchanges.leave();
        }
    }

    /** The live count of streamed (SSE) responses in progress; the exchanges update it. */
    AtomicInteger openStreams() {
        return openStreams;
    }

    /** How many streamed (SSE) responses are in progress now. */
    public int openStreamCount() {
        return openStreams.get();
    }

    /** How many requests are admitted and not yet answered (streams included). */
    public int admittedCount() {
        return admitted.get();
    }

    /** How many requests the per-client limits refused with 429 so far. */
    public long limitedCount() {
        return admission.limitedCount();
    }

    /** Ends every 2026-07-28 request and listen stream (they have no session to end them). */
    public void closeStateless() {
        modern.closeAll();
    }

    /**
     * Waits at most {@code limit} until no exchange is being handled, so that streams ended by
     * closing their sessions get to write their last chunk before the server drops connections.
     *
     * @return whether every exchange finished in time
     */
    public boolean awaitIdle(Duration limit) throws InterruptedException {
        return exchanges.awaitNone(limit);
    }

    /**
     * Starts draining: from now on each response closes its connection, so that a load balancer opens
     * new ones, which go to other replicas once this one stops accepting.
     */
    public void startDraining() {
        draining = true;
    }

    /**
     * Waits at most {@code limit} until no request is running (listen and GET streams do not count: they
     * wait for the client, not for an answer).
     *
     * @return whether every request finished in time
     */
    public boolean awaitCallsDone(Duration limit) throws InterruptedException {
        return calls.awaitNone(limit);
    }

    private void serve(Exchange exchange) throws IOException {
        if (draining) {
            exchange.setHeader("Connection", "close");
        }
        Optional<ResourceServerAuth> oauth = admission.resourceServer();
        if (oauth.isPresent() && oauth.get().servesMetadata(exchange.path())) {
            // Public by design (RFC 9728): how to get a token cannot itself need one.
            oauth.get().metadata(exchange);
            return;
        }
        if (!exchange.path().equals(settings.path())) {
            // The server hands every path to the endpoint; only the exact endpoint path is MCP.
            Replies.error(exchange, 404, JsonRpcError.INVALID_REQUEST, "no MCP endpoint here; it is at " + settings.path());
            return;
        }
        if (!guard.allowsHost(exchange.header("Host"))) {
            Replies.error(exchange, 403, JsonRpcError.INVALID_REQUEST,
                    "Forbidden: the Host header must name this machine (localhost, 127.0.0.1 or [::1])");
            return;
        }
        if (!guard.allowsOrigin(exchange.header("Origin"))) {
            Replies.error(exchange, 403, JsonRpcError.INVALID_REQUEST, "Forbidden: Origin not allowed");
            return;
        }
        if (replicas.handedOver(exchange, settings.maxMessageBytes())) {
            return; // a replica that stops, authenticated by the keys that sealed what it hands over
        }
        Optional<Admission.Caller> caller = admission.admit(exchange); // 401 or 429 when refused
        if (caller.isPresent()) {
            admitted.incrementAndGet();
            try {
                // Who sent it, for the handlers and the server's visibility; carried to the handler's thread.
                CallerContext.runWithIo(caller.get().identity(), () -> route(exchange, caller.get()));
            } finally {
                caller.get().release();
                admitted.decrementAndGet();
            }
        }
    }

    private void route(Exchange exchange, Admission.Caller caller) throws IOException {
        String versionHeader = exchange.header(VERSION_HEADER);
        Optional<ProtocolVersion> version = Optional.ofNullable(versionHeader).map(String::strip)
                .flatMap(ProtocolVersion::fromId);
        if (exchange.method().equals("POST")) {
            post(exchange, versionHeader, version, caller);
            return;
        }
        if (Dispatcher.eraOf("", Optional.empty(), Optional.ofNullable(versionHeader)) == Era.MODERN) {
            // Spec (2026-07-28, streamable-http, backward compatibility): no GET stream, no sessions to delete.
            exchange.setHeader("Allow", "POST");
            Replies.error(exchange, 405, JsonRpcError.INVALID_REQUEST, "Method Not Allowed: revision "
                    + ProtocolVersion.V2026_07_28.id() + " uses POST only (subscriptions/listen replaces the GET stream)");
            return;
        }
        if (Negotiation.unsupportedVersion(exchange, versionHeader, version, Optional.empty())) {
            return;
        }
        switch (exchange.method()) {
            case "GET" -> get(exchange, version, caller);
            case "DELETE" -> delete(exchange, caller);
            default -> {
                exchange.setHeader("Allow", "GET, POST, DELETE");
                Replies.error(exchange, 405, JsonRpcError.INVALID_REQUEST, "Method Not Allowed: use POST, GET or DELETE");
            }
        }
    }

    private void post(Exchange exchange, String versionHeader, Optional<ProtocolVersion> version, Admission.Caller caller)
            throws IOException {
        byte[] body = readBody(exchange);
        if (body == null) {
            Replies.error(exchange, 413, JsonRpcError.INVALID_REQUEST,
                    "Content Too Large: a message may have at most " + settings.maxMessageBytes() + " bytes");
            return;
        }
        JsonNode tree;
        try {
            tree = CODEC.readTree(body);
        } catch (JacksonException e) {
            Replies.error(exchange, 400, JsonRpcError.PARSE_ERROR, "Parse error: " + e.getOriginalMessage());
            return;
        }
        if (tree == null || tree.isMissingNode()) {
            Replies.error(exchange, 400, JsonRpcError.PARSE_ERROR, "Parse error: the body is empty");
            return;
        }
        // Every refusal from here on names the request it refuses, when the body has a readable id.
        Optional<RequestId> id = Negotiation.requestId(tree);
        if (!Negotiation.isMediaType(exchange.header("Content-Type"), Replies.JSON)) {
            Replies.error(exchange, 415, JsonRpcError.INVALID_REQUEST, "Unsupported Media Type: POST a JSON-RPC message "
                    + "as application/json", id);
            return;
        }
        Optional<ResponseMode> mode = Negotiation.responseMode(settings.responseMode(), exchange.headers("Accept"));
        if (mode.isEmpty()) {
            Replies.error(exchange, 406, JsonRpcError.INVALID_REQUEST,
                    "Not Acceptable: the Accept header must list application/json and text/event-stream", id);
            return;
        }
        // Batches are legacy only (2025-03-26); a single message is classified by the one era rule.
        if (!tree.isArray() && Dispatcher.eraOf(tree.path("method").asString(""), Optional.of(tree.path("params")),
                Optional.ofNullable(versionHeader)) == Era.MODERN) {
            JsonRpcMessage message;
            try {
                message = CODEC.toMessage(tree);
            } catch (McpException e) {
                Replies.error(exchange, 400, JsonRpcError.INVALID_REQUEST, "Invalid Request: " + e.getMessage(), id);
                return;
            }
            if (message instanceof JsonRpcRequest request) {
                // A listen stream is not a running request: it waits for the client, and holds no slot.
                if (!request.method().equals(ModernMethods.SUBSCRIPTIONS_LISTEN) && !admission.occupy(caller, exchange)) {
                    return;
                }
                if (replicas.taskElsewhere(exchange, request)) {
                    return;
                }
                List<String> accept = exchange.headers("Accept");
                boolean sse = accept == null || Negotiation.accepts(accept, Replies.EVENT_STREAM);
                if (request.method().equals(ModernMethods.SUBSCRIPTIONS_LISTEN)) {
                    modern.post(exchange, request, sse);
                } else {
                    calls.run(() -> modern.post(exchange, request, sse));
                }
            } else {
                Replies.empty(exchange, 202); // 2026-07-28 defines no client notification over HTTP; accepted, ignored
            }
            return;
        }
        if (Negotiation.unsupportedVersion(exchange, versionHeader, version, id)) {
            return;
        }
        // Spec: without the header, assume 2025-03-26, the one revision that allowed batches.
        ProtocolVersion effective = version.orElse(ProtocolVersion.V2025_03_26);
        if (tree.isArray() && (!effective.allowsBatches() || tree.isEmpty())) {
            Replies.error(exchange, 400, JsonRpcError.INVALID_REQUEST, tree.isEmpty() ? "Invalid Request: empty batch"
                    : "Invalid Request: JSON-RPC batches are not part of protocol revision " + effective
                    + "; POST one message per request", id);
            return;
        }
        List<JsonRpcMessage> messages = new ArrayList<>();
        try {
            for (JsonNode node : tree.isArray() ? tree : List.of(tree)) {
                messages.add(CODEC.toMessage(node));
            }
        } catch (McpException e) {
            Replies.error(exchange, 400, JsonRpcError.INVALID_REQUEST, "Invalid Request: " + e.getMessage(), id);
            return;
        }
        List<JsonRpcRequest> requests = requestsIn(messages);
        if (!requests.isEmpty() && !admission.occupy(caller, exchange)) {
            return; // one slot per POST that runs requests; notifications and responses hold none
        }
        Optional<JsonRpcRequest> initialize = !tree.isArray() && requests.size() == 1
                && requests.getFirst().method().equals(McpMethod.INITIALIZE) ? Optional.of(requests.getFirst()) : Optional.empty();
        String sessionId = exchange.header(SESSION_HEADER);
        HttpSession session;
        if (sessionId == null) {
            if (initialize.isEmpty()) {
                Replies.error(exchange, 400, JsonRpcError.INVALID_REQUEST, "Bad Request: the " + SESSION_HEADER
                        + " header is required; send initialize without it to start a session", id);
                return;
            }
            Optional<HttpSession> created = sessions.create(caller.principal(),
                    initialize.get().params().orElseGet(CODEC::newObject));
            if (created.isEmpty()) {
                Replies.error(exchange, 503, JsonRpcError.INTERNAL_ERROR,
                        "Service Unavailable: too many sessions, or the server is closing", id);
                return;
            }
            session = created.get();
            exchange.setHeader(SESSION_HEADER, session.id());
            // The initialize request has no version header yet: its params say what the client speaks.
            version = version.or(() -> initialize.get().params()
                    .flatMap(p -> ProtocolVersion.fromId(p.path("protocolVersion").asString(""))));
        } else {
            Optional<HttpSession> found = sessions.find(sessionId, caller.principal());
            if (found.isEmpty() && replicas.stoppingReplica(exchange, id)) {
                return;
            }
            if (found.isEmpty()) {
                Replies.error(exchange, 404, JsonRpcError.INVALID_REQUEST, "Not Found: the session expired or was ended; "
                        + "send initialize without " + SESSION_HEADER + " to start a new one", id);
                return;
            }
            session = found.get();
            replicas.learnChoices(exchange, session);
        }
        if (messages.size() == 1 && messages.getFirst() instanceof JsonRpcRequest only && replicas.taskElsewhere(exchange, only)) {
            return;
        }
        messages = replicas.passOnForeignAnswers(exchange, messages); // answers only: the requests stay as they are
        if (requests.isEmpty()) {
            session.deliver(messages);
            Replies.empty(exchange, 202); // spec: notifications and responses are accepted with no body
            return;
        }
        replicas.shareChoices(exchange, requests);
        HttpSession target = session;
        List<JsonRpcMessage> all = messages;
        ResponseMode answering = SessionAnswering.streamIfProgress(mode.get(), requests, exchange);
        boolean primed = Negotiation.primes(version);
        calls.run(() -> SessionAnswering.answer(exchange, target, all, requests, answering, primed, id));
    }

    /** The requests among {@code messages}, in order (a loop: this runs for every POST). */
    private static List<JsonRpcRequest> requestsIn(List<JsonRpcMessage> messages) {
        if (messages.size() == 1) {
            return messages.getFirst() instanceof JsonRpcRequest r ? List.of(r) : List.of();
        }
        List<JsonRpcRequest> requests = new ArrayList<>();
        for (JsonRpcMessage m : messages) {
            if (m instanceof JsonRpcRequest r) {
                requests.add(r);
            }
        }
        return requests;
    }

    private void get(Exchange exchange, Optional<ProtocolVersion> version, Admission.Caller caller) throws IOException {
        if (replicas.answeredPeerQuery(exchange, caller.principal())) {
            return;
        }
        Optional<HttpSession> session = session(exchange, caller);
        if (session.isEmpty()) {
            return;
        }
        replicas.learnChoices(exchange, session.get());
        List<String> accept = exchange.headers("Accept");
        if (accept != null && !Negotiation.accepts(accept, Replies.EVENT_STREAM)) {
            Replies.error(exchange, 406, JsonRpcError.INVALID_REQUEST, "Not Acceptable: GET needs Accept: text/event-stream");
            return;
        }
        HttpSession s = session.get();
        s.touch();
        String lastEventId = replicas.resumableHere(exchange.header(LAST_EVENT_ID));
        if (replicas.resumedElsewhere(exchange, lastEventId)) {
            return;
        }
        // An id no kept stream has (trimmed, or from another server) gets a fresh GET stream, as from a
        // server without resumability; the spec makes replay a MAY.
        Optional<HttpSession.Attached> attached = Optional.ofNullable(lastEventId).flatMap(s::resume)
                .or(() -> s.openStandalone(Negotiation.primes(version)));
        if (attached.isEmpty()) {
            Replies.error(exchange, 409, JsonRpcError.INVALID_REQUEST,
                    "Conflict: this session already has an open GET stream; close it first or resume with Last-Event-ID");
            return;
        }
        attached.get().stream().pump(attached.get().attachment(), exchange);
    }

    private void delete(Exchange exchange, Admission.Caller caller) throws IOException {
        if (replicas.deletedForPeer(exchange, caller.principal())) {
            return;
        }
        Optional<HttpSession> session = session(exchange, caller);
        if (session.isPresent()) {
            replicas.shareDelete(exchange);
            session.get().close(Duration.ZERO);
            Replies.empty(exchange, 204);
        }
    }

    /** The session the request names; answers 400 or 404 itself when there is none. */
    private Optional<HttpSession> session(Exchange exchange, Admission.Caller caller) throws IOException {
        String sessionId = exchange.header(SESSION_HEADER);
        if (sessionId == null) {
            Replies.error(exchange, 400, JsonRpcError.INVALID_REQUEST, "Bad Request: the " + SESSION_HEADER + " header is required");
            return Optional.empty();
        }
        Optional<HttpSession> session = sessions.find(sessionId, caller.principal());
        if (session.isEmpty() && replicas.stoppingReplica(exchange, Optional.empty())) {
            return session;
        }
        if (session.isEmpty()) {
            Replies.error(exchange, 404, JsonRpcError.INVALID_REQUEST, "Not Found: the session expired or was ended");
        }
        return session;
    }

    /**
     * The body, or null when it is larger than allowed; keeps at most one byte past the limit. A body
     * refused is read on (and dropped) up to {@link #DRAINED_BYTES}, so that a client still sending it
     * reads the 413 rather than a reset: closing a connection with unread bytes makes the kernel reset
     * it, and a client busy writing may then lose the answer before it reads it.
     */
    private byte[] readBody(Exchange exchange) throws IOException {
        int max = settings.maxMessageBytes();
        String length = exchange.header("Content-Length");
        // What to read: one byte past the limit; with a declared length, that length (the server ends the
        // body there) and one byte more, so a small body gets a buffer of its size, not one of 16 KiB.
        int expected = max;
        if (length != null) {
            try {
                long declared = Long.parseLong(length.strip());
                if (declared > max) {
                    if (declared <= DRAINED_BYTES) {
                        drain(exchange);
                    }
                    return null;
                }
                expected = (int) Math.max(declared, 0);
            } catch (NumberFormatException e) {
                return null;
            }
        }
        try (InputStream in = exchange.requestBody()) {
            byte[] body = in.readNBytes(expected + 1);
            if (body.length > max) {
                drain(in);
                return null;
            }
            return body;
        }
    }

    private static void drain(Exchange exchange) throws IOException {
        try (InputStream in = exchange.requestBody()) {
            drain(in);
        }
    }

    /** Reads and drops at most {@link #DRAINED_BYTES}; each read is bounded by the connection's idle timeout. */
    private static void drain(InputStream in) throws IOException {
        byte[] scratch = new byte[8192];
        long left = DRAINED_BYTES;
        int n;
        while (left > 0 && (n = in.read(scratch, 0, (int) Math.min(scratch.length, left))) >= 0) {
            left -= n;
        }
    }
}
