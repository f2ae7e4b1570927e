package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.client.ClientState;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.McpCapabilityException;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.McpSessionExpiredException;
import io.mcphost.protocol.McpTimeoutException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.ServerUnavailableException;
import io.mcphost.protocol.internal.JsonCodec;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The client's one request pipeline. A request passes the installed {@link RequestStage}s in order
 * (today: re-open a closed client, then {@link SessionRecovery}) and ends in {@link #transmit},
 * which sends it once under a deadline. Each concern lives in one place here:
 * <ul>
 *   <li>the params check (a JSON object or nothing), {@link #objectParams};</li>
 *   <li>the deadline and request id, by {@link PendingRequests} and {@link Deadline};</li>
 *   <li>cancellation: a cancelled or timed-out request becomes {@code notifications/cancelled}
 *       ({@link Cancellations}), and cancelling a derived future cancels the raw one
 *       ({@link #propagateCancel});</li>
 *   <li>naming: transport exceptions carry this client's name ({@link #named});</li>
 *   <li>decoding and the "answer is malformed" wrapping ({@link #send(String, JsonNode, CallOptions, Function)}).</li>
 * </ul>
 * Thread-safe. Nothing here blocks except the transport's write in {@link #transmit}.
 */
final class Exchange {
    private static final JsonCodec CODEC = JsonCodec.get();

    private final ClientConfig config;
    private final String name;
    private final PendingRequests pending;
    private final ConnectionState connection;
    private volatile List<RequestStage> stages = List.of();
    /** The pipeline from its outermost stage to {@link #transmit}, linked once at {@link #install}: no lambda per stage per call. */
    private volatile RequestStage.Next pipeline = this::transmitOnce;
    /** The log level the application asked for; on a modern session it rides on every request (ModernMeta). */
    private volatile io.mcphost.protocol.logging.LoggingLevel logLevel;
    private final ResultCache cache = new ResultCache();
    /** What every 2026-07-28 request says of this client, built on first use (ModernMeta): the config never changes. */
    private volatile ModernMeta.Identity modernIdentity;
    /** Calls given-up requests off at the server (notifications/cancelled). */
    private final Cancellations cancellations;

    /** Offers a caller's thread, about to wait for {@code answer}, to the transport (DecodedResult). One per client, not per call. */
    private final Consumer<CompletableFuture<JsonNode>> lendToTransport;
    /** Calls off a given-up request that had no headers (nearly all): one per client, not per call. */
    private final java.util.function.BiConsumer<PendingRequests.Pending, Throwable> forwardPlainCancellation;

    Exchange(ClientConfig config, PendingRequests pending, ConnectionState connection) {
        this.config = config;
        this.name = config.name();
        this.pending = pending;
        this.connection = connection;
        this.lendToTransport = answer -> config.transport().capability(io.mcphost.transport.CallerLending.class)
                .ifPresent(l -> l.lend(answer, pending::size));
        this.cancellations = new Cancellations(config);
        this.forwardPlainCancellation = cancellations.forwarding(Map.of());
    }

    /**
     * Installs the stages, outermost first. Once, at construction of the client: the stages need the
     * exchange (a re-handshake sends through it), so they cannot be passed to its constructor.
     */
    void install(List<RequestStage> ordered) {
        if (!stages.isEmpty()) {
            throw new IllegalStateException("the stages of server '" + name + "' are installed already");
        }
        stages = List.copyOf(ordered);
        RequestStage.Next next = this::transmitOnce;
        for (RequestStage stage : stages.reversed()) {
            next = link(stage, next);
        }
        pipeline = next;
    }

    /** {@code stage} in front of {@code rest}; a stage's failure to start becomes the failed future. */
    static RequestStage.Next link(RequestStage stage, RequestStage.Next rest) {
        return request -> {
            try {
                return stage.apply(request, rest);
            } catch (McpException e) {
                return CompletableFuture.failedFuture(e);
            }
        };
    }

    String name() {
        return name;
    }

    /** The handshake's outcome. @throws IllegalStateException before it */
    Session session() {
        return connection.session();
    }

    ClientConfig config() {
        return config;
    }

    /**
     * Sends a request through every stage and returns the future of its raw result. The future fails
     * with {@link McpTimeoutException} at the deadline; cancelling it, or its timing out, sends
     * {@code notifications/cancelled}.
     *
     * @throws IllegalArgumentException if {@code params} is neither null nor a JSON object
     */
    CompletableFuture<JsonNode> send(String method, JsonNode params, CallOptions options) {
        return sendTracked(method, params, options, id -> { });
    }

    /** Like {@link #send(String, JsonNode, CallOptions)}, telling {@code onSent} the id of each attempt. */
    CompletableFuture<JsonNode> sendTracked(String method, JsonNode params, CallOptions options, Consumer<RequestId> onSent) {
        ObjectNode body = objectParams(params, "params");
        return pipeline.proceed(new OutboundRequest(method, body == null ? CODEC.newObject() : body.deepCopy(), options, onSent));
    }

    /** Like {@link #send(String, JsonNode, CallOptions)} with the result decoded; cancelling the returned future cancels the request. */
    <T> CompletableFuture<T> send(String method, JsonNode params, CallOptions options, Function<JsonNode, T> decode) {
        return decoded(method, send(method, params, options), decode);
    }

    /**
     * Like {@link #send(String, JsonNode, CallOptions, Function)} for params made for this request
     * alone, which nobody changes once it is sent (the stages copy before they change params): sent
     * as they are. For {@code tools/call} (params from {@link ToolListing#callParams}, which copied the
     * arguments) the copy {@link #send} makes would be the second of the same tree on every call.
     */
    <T> CompletableFuture<T> sendOwned(String method, ObjectNode params, CallOptions options, Function<JsonNode, T> decode) {
        Objects.requireNonNull(params, "params");
        return decoded(method, pipeline.proceed(new OutboundRequest(method, params, options)), decode);
    }

    private <T> CompletableFuture<T> decoded(String method, CompletableFuture<JsonNode> raw, Function<JsonNode, T> decode) {
        CompletableFuture<T> typed = DecodedResult.of(raw, result -> decode(method, result, decode), // decoded off the reader
                lendToTransport);
        return typed; // cancelling it cancels raw (DecodedResult)
    }

    /**
     * Like {@link #send(String, JsonNode, CallOptions, Function)} for a request that creates something
     * only the answer names (a task): a caller who cancels the returned future does not cancel the
     * request, since the server may already be creating it; once the answer arrives, {@code onAbandoned}
     * receives the decoded value, on a virtual thread, to undo it (tasks/cancel). The request's own
     * deadline still applies.
     */
    <T> CompletableFuture<T> sendCreating(String method, JsonNode params, CallOptions options,
                                          Function<JsonNode, T> decode, Consumer<T> onAbandoned) {
        CompletableFuture<JsonNode> raw = send(method, params, options);
        CompletableFuture<T> typed = new CompletableFuture<>();
        raw.whenComplete((result, error) -> {
            if (error != null) {
                typed.completeExceptionally(error);
                return;
            }
            T value;
            try {
                value = decode(method, result, decode);
            } catch (RuntimeException e) {
                typed.completeExceptionally(e);
                return;
            }
            if (!typed.complete(value)) {
                Thread.ofVirtual().name("mcphost-abandoned-" + name).start(() -> onAbandoned.accept(value));
            }
        });
        return typed;
    }

    /**
     * Like {@link #send(String, JsonNode, CallOptions, Function)} for a request whose answer may create
     * something only the answer names (a tool call a 2026-07-28 server answers with a task): a caller who
     * cancels, or the deadline, calls the request off as for any request (its input rounds stop), but an
     * answer the caller does not get goes to {@code onAbandoned}, on a virtual thread, to undo what it made
     * (tasks/cancel). That is an answer already on its way when the request was given up, which
     * {@link PendingRequests} keeps waiting for, or one the caller gave up on while it passed the stages.
     * {@code onAbandoned} may see an answer that made nothing (an input round's, a plain result): it tells.
     * The answer is decoded on the thread that completes it.
     */
    <T> CompletableFuture<T> sendUndoable(String method, JsonNode params, CallOptions options,
                                          Function<JsonNode, T> decode, Consumer<JsonNode> onAbandoned) {
        CompletableFuture<T> typed = new CompletableFuture<>();
        // The latest answer of any attempt, until the caller gets it or it goes to onAbandoned: whoever
        // takes it out (getAndSet) owns it, so a tap racing the caller's cancel hands it on exactly once.
        java.util.concurrent.atomic.AtomicReference<JsonNode> unclaimed = new java.util.concurrent.atomic.AtomicReference<>();
        Consumer<JsonNode> abandon = answer -> Thread.ofVirtual().name("mcphost-abandoned-" + name)
                .start(() -> onAbandoned.accept(answer));
        Consumer<JsonNode> tap = answer -> {
            unclaimed.set(answer);
            if (typed.isCompletedExceptionally()) { // given up already: nobody else will look
                JsonNode mine = unclaimed.getAndSet(null);
                if (mine != null) {
                    abandon.accept(mine);
                }
            }
        };
        ObjectNode body = objectParams(params, "params");
        CompletableFuture<JsonNode> raw = pipeline.proceed(new OutboundRequest(method,
                body == null ? CODEC.newObject() : body.deepCopy(), options, id -> { }, Map.of(), tap));
        raw.whenComplete((result, error) -> {
            if (error != null) {
                typed.completeExceptionally(error);
                return;
            }
            if (typed.isDone()) {
                return; // given up: the tap saw this answer first, and the give-up below handed it on
            }
            try {
                if (typed.complete(decode(method, result, decode))) {
                    unclaimed.set(null); // the caller's now
                } else {
                    abandon.accept(result); // given up while decoding: undo what the decoding kept too
                }
            } catch (RuntimeException e) {
                typed.completeExceptionally(e);
            }
        });
        typed.whenComplete((value, error) -> {
            if (error != null) {
                JsonNode mine = unclaimed.getAndSet(null);
                if (mine != null) {
                    abandon.accept(mine);
                }
            }
        });
        propagateCancel(typed, raw);
        return typed;
    }

    private <T> T decode(String method, JsonNode result, Function<JsonNode, T> decode) {
        try {
            return decode.apply(result);
        } catch (McpProtocolException e) {
            throw new McpProtocolException(name, method + ": the server's answer is malformed: " + e.getMessage(), e);
        }
    }

    /** The initialize request of a (re-)handshake: past every stage, with the fixed initialize deadline and never cancelled. */
    CompletableFuture<JsonNode> sendHandshake(String method, ObjectNode params) {
        return sendHandshake(new OutboundRequest(method, params, CallOptions.timeout(config.initializeTimeout())),
                config.initializeTimeout());
    }

    /**
     * A request of connecting ({@code initialize}, or the era probe {@code server/discover}): past every
     * stage but the observer and OAuth, allowed while the client is still connecting, under {@code deadline}.
     */
    CompletableFuture<JsonNode> sendHandshake(OutboundRequest request, java.time.Duration deadline) {
        // A server may refuse the first request already (401): the OAuth stage runs for the probe and
        // initialize too, so a protected server is authorised once, whatever its era.
        RequestStage.Next send = stages.stream().filter(Authorisation.class::isInstance).findFirst()
                .<RequestStage.Next>map(auth -> r -> auth.apply(r, a -> transmit(a, deadline)))
                .orElse(r -> transmit(r, deadline));
        // The application's observer sees initialize too (a trace shows the handshake); no other stage
        // runs. Not the era probe: its refusal by a legacy server is expected, not a failure to report.
        if (!stages.isEmpty() && stages.getFirst() instanceof ObserverStage observer
                && !io.mcphost.protocol.modern.ModernMethods.SERVER_DISCOVER.equals(request.method())) {
            return observer.apply(request, send);
        }
        return send.proceed(request);
    }

    /** The pipeline's last step for a request of an open session. */
    private CompletableFuture<JsonNode> transmitOnce(OutboundRequest request) {
        return transmit(request, null);
    }

    /** The last step: sends the request once under its deadline. */
    private CompletableFuture<JsonNode> transmit(OutboundRequest request, java.time.Duration handshakeDeadline) {
        boolean handshake = handshakeDeadline != null;
        ClientState current = connection.state();
        if (current != ClientState.READY && !(handshake && current == ClientState.CONNECTING)) {
            return CompletableFuture.failedFuture(notReady(request.method(), current));
        }
        PendingRequests.Pending entry;
        try {
            entry = pending.register(request.method(), handshake ? Deadline.Policy.fixed(handshakeDeadline)
                    : Deadline.Policy.of(request.options(), config), request.options().onProgress(), request.options(),
                    request.tap(), onGivenUp(request, handshake));
        } catch (McpException e) {
            return CompletableFuture.failedFuture(e);
        }
        ObjectNode body = withMeta(request, entry);
        request.onSent().accept(entry.id());
        try {
            io.mcphost.transport.HeaderMirroring.send(config.transport(), JsonRpcRequest.of(entry.id(), request.method(), body), request.headers());
        } catch (McpTransportException e) {
            entry.future().completeExceptionally(named(e));
        } catch (McpException e) {
            entry.future().completeExceptionally(e);
        }
        if (handshake) {
            // Waiting for a server that may still be starting: the time to link the request path and
            // build Jackson's mapper (on a cold JVM a few hundred ms of CPU), which the handshake does not need.
            ClientWarmUp.serverStarting();
        }
        return entry.future();
    }

    /** What a given-up request does: call itself off at the server, except initialize. */
    private java.util.function.BiConsumer<PendingRequests.Pending, Throwable> onGivenUp(OutboundRequest request, boolean handshake) {
        if (handshake) {
            return (entry, error) -> { }; // the spec forbids cancelling initialize
        }
        String version = request.headers().get(ModernHeaders.VERSION_HEADER);
        // A modern request over HTTP is cancelled by closing its stream: the notification goes to the
        // transport with the request's version header, which tells the HTTP transport to close the
        // stream instead of posting it.
        return version == null ? forwardPlainCancellation : cancellations.forwarding(Map.of(ModernHeaders.VERSION_HEADER, version));
    }

    private static ObjectNode withMeta(OutboundRequest request, PendingRequests.Pending entry) {
        CallOptions options = request.options();
        if (options.meta().isEmpty() && !entry.wantsProgress()) {
            return request.params();
        }
        // A copy: a retry of the same request gets another id, so another progress token.
        ObjectNode body = request.params().deepCopy();
        ObjectNode meta = body.has("_meta") && body.get("_meta").isObject()
                ? (ObjectNode) body.get("_meta") : body.putObject("_meta");
        options.meta().ifPresent(m -> meta.setAll((ObjectNode) m));
        if (entry.wantsProgress()) {
            // The request id doubles as the progress token: unique while the request is pending.
            meta.put("progressToken", ((RequestId.NumberId) entry.id()).value());
        }
        return body;
    }

    /**
     * The one check that request params (and tool arguments) are a JSON object.
     *
     * @return the object, or null for null or JSON null
     * @throws IllegalArgumentException naming {@code what} otherwise
     */
    static ObjectNode objectParams(JsonNode params, String what) {
        if (params == null || params.isNull()) {
            return null;
        }
        if (params instanceof ObjectNode object) {
            return object;
        }
        throw new IllegalArgumentException(what + " must be a JSON object, got " + params.getNodeType());
    }

    // ---- cancellation ---------------------------------------------------------------------------

    /** Cancelling {@code derived} (a later stage, a decoded result, a retry's outer future) cancels {@code source}. */
    static void propagateCancel(CompletableFuture<?> derived, CompletableFuture<?> source) {
        derived.whenComplete((r, e) -> {
            if (derived.isCancelled()) {
                source.cancel(false);
            }
        });
    }

    /**
     * Waits, at most until {@code deadlineNanos}, for the notifications/cancelled being written now
     * ({@link Cancellations#await}): the client's close, before it closes the transport.
     */
    void awaitCancellations(long deadlineNanos) {
        cancellations.await(deadlineNanos);
    }

    // ---- naming and failures ----------------------------------------------------------------------

    /** A transport failure under this client's name (a transport names the server by its URL or command). */
    McpTransportException named(McpTransportException e) {
        if (e.server().filter(name::equals).isPresent()) {
            return e;
        }
        return switch (e) {
            // A cause given at construction: initCause would throw, the constructor having set it (to null).
            case McpSessionExpiredException expired -> new McpSessionExpiredException(name, expired.detail(), expired);
            case io.mcphost.transport.McpAuthorizationRequiredException refused ->
                    new io.mcphost.transport.McpAuthorizationRequiredException(name, refused);
            case io.mcphost.protocol.McpStreamBrokenException broken ->
                    new io.mcphost.protocol.McpStreamBrokenException(name, broken.detail(), broken);
            case io.mcphost.protocol.McpAnswerLostException lost ->
                    new io.mcphost.protocol.McpAnswerLostException(name, lost.detail(), lost);
            default -> new McpTransportException(name, e.detail(), e);
        };
    }

    private McpException notReady(String method, ClientState current) {
        Throwable failure = connection.failure().orElse(null);
        return switch (current) {
            case CLOSED -> new McpClosedException(name, method + ": the client is closed");
            case FAILED -> new McpTransportException(name, method + ": the connection failed: "
                    + (failure == null ? "unknown cause" : detail(failure)), failure);
            case CREATED, CONNECTING, READY -> new ServerUnavailableException(name, method
                    + ": the client is not connected yet (state " + current + ")");
        };
    }

    private static String detail(Throwable t) {
        return t instanceof McpException e ? e.detail() : String.valueOf(t.getMessage());
    }

    McpException unwrap(Throwable t) {
        return Blocking.unwrap(name, t);
    }

    <T> T await(CompletableFuture<T> future) {
        return Blocking.await(name, future);
    }

    io.mcphost.protocol.logging.LoggingLevel logLevel() {
        return logLevel;
    }

    void logLevel(io.mcphost.protocol.logging.LoggingLevel level) {
        logLevel = level;
    }

    /** The client's capabilities and info as trees for 2026-07-28 requests; built once per client (a race builds it twice, alike). */
    ModernMeta.Identity modernIdentity() {
        ModernMeta.Identity identity = modernIdentity;
        if (identity == null) {
            identity = ModernMeta.Identity.of(config);
            modernIdentity = identity;
        }
        return identity;
    }

    /** The cache of cacheable results (a stage; notifications invalidate it). */
    ResultCache cache() {
        return cache;
    }

    /** Fails the capability check before anything is sent. */
    void require(String capability, String method) {
        Session current = session();
        if (current.capabilitiesKnown() && !current.capabilitiesJson().has(capability)) {
            throw new McpCapabilityException(name, method + " needs the server capability '" + capability
                    + "', which this server did not announce");
        }
    }
}
