package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.client.ServerRequestContext;
import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.roots.ListRootsResult;
import io.mcphost.protocol.roots.Root;
import io.mcphost.transport.InboundStream;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The requests a server sends to this client: {@code ping} and {@code roots/list} answered at once,
 * {@code elicitation/create} and {@code sampling/createMessage} through the application's handlers,
 * everything else (and every feature the application did not enable) refused with {@code -32601}.
 * That includes {@code tasks/*}: this client announces no {@code tasks} capability, so a request
 * carrying a {@code task} param is handled like a plain one, as the spec requires of such a receiver
 * (basic/utilities/tasks, "Task Support and Handling"), and answered with its plain result.
 *
 * <p>Each handled request is in flight until exactly one of four things settles it: the handler
 * answers, the deadline passes (the binding's own answer is sent), the server cancels it (nothing is
 * sent, spec basic/utilities/cancellation), or the client closes (nothing can be sent). The first
 * wins; the others find it settled. Handlers run on virtual threads; the reader thread only
 * registers requests and settles cancellations, and never runs application code.
 *
 * <p>Whose handler: the handler the question's call gave for its method
 * ({@link CallOptions#elicitation()} …), when the question belongs to a call ({@link Attribution};
 * an {@code input_required} round always does), else the client-wide one. Both go through the same
 * {@link HandlerBinding}s, so the checks, the deadline and cancellation do not depend on which answers.
 */
final class ServerRequests {
    private static final Logger LOG = LoggerFactory.getLogger(ServerRequests.class);
    private static final JsonCodec CODEC = JsonCodec.get();
    /** Handled requests in flight at once; a server past this is flooding us and gets errors. */
    static final int MAX_IN_FLIGHT = 1_000;
    // One daemon thread for all clients: it only fires deadlines; the answers go out on virtual threads.
    private static final ScheduledExecutorService TIMERS = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "mcphost-server-request-timers");
        t.setDaemon(true);
        return t;
    });

    private final ClientConfig config;
    private final Attribution attribution;
    private final Map<String, HandlerBinding<?, ?>> bindings = new HashMap<>();
    /** Null when the application did not enable roots. */
    private final AtomicReference<List<Root>> roots;
    private final ConcurrentHashMap<RequestId, InFlight<?, ?>> inFlight = new ConcurrentHashMap<>();
    private final Executor answers;

    ServerRequests(ClientConfig config, Attribution attribution) {
        this.config = config;
        this.attribution = attribution;
        config.elicitation().ifPresent(h -> bindings.put(McpMethod.ELICITATION_CREATE, new ElicitationBinding(h)));
        config.sampling().ifPresent(h -> bindings.put(McpMethod.SAMPLING_CREATE_MESSAGE, new SamplingBinding(h)));
        this.roots = new AtomicReference<>(config.roots().orElse(null));
        this.answers = task -> Thread.ofVirtual().name("mcphost-answer-" + config.name()).start(task);
    }

    /**
     * Answers one input request of an {@code input_required} round (revision 2026-07-28) with the
     * same handler a legacy server's request would reach: the application sees one API for both
     * eras. The round is the call's, so the handler {@code options} give for {@code method} answers
     * first, else the client-wide one. Empty when neither exists (the application did not enable the
     * feature). The handler runs on a virtual thread; the future fails with the handler's failure, or
     * times out after the server-request timeout.
     */
    Optional<CompletableFuture<JsonNode>> answerInput(String key, String method, JsonNode params, CallOptions options) {
        Optional<HandlerBinding<?, ?>> own = perCall(method, options);
        if (own.isPresent()) {
            return Optional.of(runInput(own.get(), key, params));
        }
        if (McpMethod.ROOTS_LIST.equals(method)) {
            List<Root> current = roots.get();
            return current == null ? Optional.empty()
                    : Optional.of(CompletableFuture.completedFuture(CODEC.valueToTree(ListRootsResult.of(current))));
        }
        HandlerBinding<?, ?> binding = bindings.get(method);
        return binding == null ? Optional.empty() : Optional.of(runInput(binding, key, params));
    }

    private <P, R> CompletableFuture<JsonNode> runInput(HandlerBinding<P, R> binding, String key, JsonNode params) {
        CompletableFuture<JsonNode> out = new CompletableFuture<>();
        CompletableFuture<Void> cancelled = new CompletableFuture<>();
        Duration timeout = config.serverRequestTimeout();
        ServerRequestContext context = new ServerRequestContext(config.name(), io.mcphost.protocol.modern.EraTranslation.inputRequestId(key),
                Instant.now().plus(timeout), cancelled.minimalCompletionStage());
        out.whenComplete((r, e) -> cancelled.complete(null));
        Thread.ofVirtual().name("mcphost-input-" + config.name()).start(() -> {
            try {
                P decoded = binding.decode(params);
                CompletionStage<R> stage = binding.call(decoded, context);
                if (stage == null) {
                    throw new NullPointerException("the handler returned null instead of a CompletionStage");
                }
                stage.whenCompleteAsync((result, error) -> {
                    if (error != null) {
                        out.completeExceptionally(error instanceof CompletionException c && c.getCause() != null ? c.getCause() : error);
                    } else if (result == null) {
                        out.completeExceptionally(new NullPointerException("the handler answered null"));
                    } else {
                        try {
                            out.complete(binding.encode(decoded, result));
                        } catch (RuntimeException e) {
                            out.completeExceptionally(e);
                        }
                    }
                }, answers);
            } catch (RefusedServerRequest e) {
                out.completeExceptionally(new io.mcphost.protocol.McpProtocolException(config.name(),
                        "input request '" + key + "' (" + binding.getClass().getSimpleName() + "): " + e.error().message()));
            } catch (RuntimeException e) {
                out.completeExceptionally(e);
            }
        });
        return out.orTimeout(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** The handler {@code options} give for {@code method}, bound like a client-wide one. */
    private static Optional<HandlerBinding<?, ?>> perCall(String method, CallOptions options) {
        return switch (method) {
            case McpMethod.ELICITATION_CREATE -> options.elicitation().map(ElicitationBinding::new);
            case McpMethod.SAMPLING_CREATE_MESSAGE -> options.sampling().map(SamplingBinding::new);
            case McpMethod.ROOTS_LIST -> options.roots().map(RootsBinding::new);
            default -> Optional.empty();
        };
    }

    /** Replaces the roots; false (and nothing changes) when roots are not enabled. */
    boolean replaceRoots(List<Root> next) {
        return roots.getAndUpdate(current -> current == null ? null : next) != null;
    }

    /**
     * Takes a request from the server; {@code stream} is where it arrived, when the transport can tell
     * ({@link Attribution}). Runs on the transport's reader thread and returns at once.
     */
    void accept(JsonRpcRequest request, Optional<InboundStream> stream) {
        if (McpMethod.PING.equals(request.method())) { // whose it is does not matter: answered at once
            answers.execute(() -> send(new JsonRpcResponse(request.id(), CODEC.newObject()), request.method()));
            return;
        }
        Optional<Attribution.Owner> owner = attribution.owner(request, stream);
        if (owner.isEmpty() && attribution.untrackedTask(request).isPresent()) {
            // A question of a task whose creating answer is still on its way (another HTTP stream): wait
            // for the handle a moment, on a virtual thread, rather than hand it to the client-wide handler.
            Thread.ofVirtual().name("mcphost-attribution-" + config.name()).start(() -> {
                long until = System.nanoTime() + TASK_WAIT.toNanos();
                while (attribution.untrackedTask(request).isPresent() && System.nanoTime() < until) {
                    try {
                        Thread.sleep(5);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
                dispatch(request, attribution.owner(request, stream));
            });
            return;
        }
        dispatch(request, owner);
    }

    /** How long a question naming a task not yet tracked waits for its handle (see {@link #accept}). */
    private static final Duration TASK_WAIT = Duration.ofSeconds(2);

    /** Starts the handler of {@code owner} (else the client-wide one) for {@code request}, or refuses it. */
    private void dispatch(JsonRpcRequest request, Optional<Attribution.Owner> owner) {
        Optional<RequestId> related = owner.flatMap(Attribution.Owner::request);
        HandlerBinding<?, ?> binding = owner.flatMap(call -> perCall(request.method(), call.options()))
                .orElseGet(() -> bindings.get(request.method()));
        if (binding != null) {
            start(request, binding, related);
            return;
        }
        List<Root> current = roots.get();
        JsonRpcMessage reply = switch (request.method()) {
            case McpMethod.ROOTS_LIST -> current == null ? notSupported(request)
                    : new JsonRpcResponse(request.id(), CODEC.valueToTree(ListRootsResult.of(current)));
            // Features the application did not enable were never announced, so a well-behaved
            // server does not ask; the others learn it here.
            default -> notSupported(request);
        };
        answers.execute(() -> send(reply, request.method()));
    }

    private static JsonRpcMessage notSupported(JsonRpcRequest request) {
        return JsonRpcErrorResponse.of(request.id(), JsonRpcError.of(JsonRpcError.METHOD_NOT_FOUND,
                "method not supported by this client: " + request.method()));
    }

    private <P, R> void start(JsonRpcRequest request, HandlerBinding<P, R> binding, Optional<RequestId> related) {
        RequestId id = request.id();
        if (inFlight.size() >= MAX_IN_FLIGHT) {
            answers.execute(() -> send(JsonRpcErrorResponse.of(id, JsonRpcError.of(JsonRpcError.INTERNAL_ERROR,
                    request.method() + ": the client is already handling " + MAX_IN_FLIGHT + " server requests")),
                    request.method()));
            return;
        }
        Duration timeout = config.serverRequestTimeout();
        InFlight<P, R> call = new InFlight<>(request, binding, Instant.now().plus(timeout), related);
        if (inFlight.putIfAbsent(id, call) != null) {
            answers.execute(() -> send(JsonRpcErrorResponse.of(id, JsonRpcError.of(JsonRpcError.INVALID_REQUEST,
                    request.method() + ": request id " + id + " is already in use by a request in flight")),
                    request.method()));
            return;
        }
        call.outcome.whenComplete((outcome, e) -> settled(call, outcome));
        ScheduledFuture<?> timer = TIMERS.schedule(() -> call.settle(
                new Outcome(Optional.of(binding.onDeadline(id, timeout)), true)), timeout.toNanos(), TimeUnit.NANOSECONDS);
        call.timer = timer;
        if (call.outcome.isDone()) {
            timer.cancel(false);
        }
        Thread.ofVirtual().name("mcphost-handler-" + config.name()).start(call::run);
    }

    /** Runs on whichever thread settled the call (reader, timer, closer): the work goes to a virtual thread. */
    private void settled(InFlight<?, ?> call, Outcome outcome) {
        inFlight.remove(call.request.id(), call);
        ScheduledFuture<?> timer = call.timer;
        if (timer != null) {
            timer.cancel(false);
        }
        if (outcome.stopHandler() || outcome.reply().isPresent()) {
            answers.execute(() -> {
                if (outcome.stopHandler()) {
                    call.stop();
                }
                outcome.reply().ifPresent(reply -> send(reply, call.request.method()));
            });
        }
    }

    /**
     * The server's {@code notifications/cancelled}: the request is settled with no answer and its
     * handler told to stop. Unknown or finished ids are ignored, as the spec requires. Runs on the
     * reader thread, so that a cancellation right behind its request is never missed.
     */
    void cancel(JsonNode params) {
        JsonNode raw = params.path("requestId");
        Optional<RequestId> id = JsonCodec.requestId(raw);
        InFlight<?, ?> call = id.map(inFlight::get).orElse(null);
        if (call == null) {
            LOG.debug("server '{}' cancelled an unknown or finished request {}", config.name(), raw);
            return;
        }
        if (call.settle(new Outcome(Optional.empty(), true))) {
            LOG.debug("server '{}' cancelled its {} request {}: {}", config.name(), call.request.method(),
                    call.request.id(), params.path("reason").asString(""));
        }
    }

    /** The client closed or failed: no answer can be sent any more; every handler is told to stop. */
    void abandonAll() {
        for (InFlight<?, ?> call : List.copyOf(inFlight.values())) {
            call.settle(new Outcome(Optional.empty(), true));
        }
    }

    private void send(JsonRpcMessage reply, String method) {
        try {
            config.transport().send(reply);
        } catch (McpException e) {
            LOG.debug("server '{}': could not answer {}: {}", config.name(), method, e.getMessage());
        }
    }

    /** How a call was settled: the answer to send, if any, and whether its handler must be stopped. */
    private record Outcome(Optional<JsonRpcMessage> reply, boolean stopHandler) {
    }

    /** One handled request, from arrival until settled. */
    private final class InFlight<P, R> {
        final JsonRpcRequest request;
        final HandlerBinding<P, R> binding;
        final CompletableFuture<Outcome> outcome = new CompletableFuture<>();
        final CompletableFuture<Void> cancelled = new CompletableFuture<>();
        final ServerRequestContext context;
        final ReentrantLock lock = new ReentrantLock();
        volatile ScheduledFuture<?> timer;
        /** The thread inside the handler's method, so a stop can interrupt a blocking handler. Guarded by lock. */
        private Thread runner;
        /** What the handler returned. Guarded by lock. */
        private CompletionStage<R> stage;
        private boolean stopped;

        InFlight(JsonRpcRequest request, HandlerBinding<P, R> binding, Instant deadline, Optional<RequestId> related) {
            this.request = request;
            this.binding = binding;
            this.context = new ServerRequestContext(config.name(), request.id(), deadline,
                    cancelled.minimalCompletionStage(), related);
        }

        /** Settles the call unless something settled it first; returns whether this did. */
        boolean settle(Outcome result) {
            return outcome.complete(result);
        }

        /** Runs on the call's own virtual thread: decode, call the handler, and wait for its stage. */
        void run() {
            lock.lock();
            try {
                if (stopped) {
                    return;
                }
                runner = Thread.currentThread();
            } finally {
                lock.unlock();
            }
            P params;
            CompletionStage<R> returned;
            try {
                params = binding.decode(request.params().orElseGet(CODEC::newObject));
                returned = binding.call(params, context);
                if (returned == null) {
                    throw new NullPointerException("the handler returned null instead of a CompletionStage");
                }
            } catch (RefusedServerRequest e) {
                settle(new Outcome(Optional.of(JsonRpcErrorResponse.of(request.id(), e.error())), false));
                return;
            } catch (RuntimeException e) {
                settle(new Outcome(Optional.of(failure(e)), false));
                return;
            } finally {
                lock.lock();
                try {
                    runner = null;
                    Thread.interrupted(); // a stop's interrupt must not outlive the handler call
                } finally {
                    lock.unlock();
                }
            }
            lock.lock();
            try {
                stage = returned;
                if (stopped) {
                    cancelStage(returned);
                    return;
                }
            } finally {
                lock.unlock();
            }
            // Async: the stage may complete on the application's thread (a UI thread, say), which must
            // not pay for schema validation and the write to the server.
            returned.whenCompleteAsync((result, error) -> {
                if (!outcome.isDone()) {
                    settle(new Outcome(Optional.of(answer(params, result, error)), false));
                }
            }, answers);
        }

        private JsonRpcMessage answer(P params, R result, Throwable error) {
            if (error != null) {
                return failure(error instanceof CompletionException && error.getCause() != null ? error.getCause() : error);
            }
            if (result == null) {
                return failure(new NullPointerException("the handler answered null"));
            }
            try {
                return new JsonRpcResponse(request.id(), binding.encode(params, result));
            } catch (RefusedServerRequest e) {
                LOG.warn("server '{}': {}", config.name(), e.getMessage());
                return JsonRpcErrorResponse.of(request.id(), e.error());
            } catch (RuntimeException e) {
                return failure(e);
            }
        }

        private JsonRpcMessage failure(Throwable t) {
            JsonRpcError error = switch (t) {
                case McpError e -> e.error(); // the handler chose the error, e.g. -1 "User rejected sampling request"
                case CancellationException e -> JsonRpcError.of(JsonRpcError.INTERNAL_ERROR,
                        request.method() + ": the client's handler cancelled its answer");
                default -> {
                    LOG.warn("server '{}': the {} handler failed", config.name(), request.method(), t);
                    yield JsonRpcError.of(JsonRpcError.INTERNAL_ERROR, request.method()
                            + ": the client's handler failed: " + t.getClass().getSimpleName()
                            + (t.getMessage() == null ? "" : ": " + t.getMessage()));
                }
            };
            return JsonRpcErrorResponse.of(request.id(), error);
        }

        /** Tells the handler its answer is no longer wanted. Runs on a library virtual thread. */
        void stop() {
            // First the flag the handler can see, then the interrupt that wakes a blocked handler.
            cancelled.complete(null);
            CompletionStage<R> returned;
            lock.lock();
            try {
                stopped = true;
                if (runner != null) {
                    runner.interrupt();
                }
                returned = stage;
            } finally {
                lock.unlock();
            }
            if (returned != null) {
                cancelStage(returned);
            }
        }

        private void cancelStage(CompletionStage<R> returned) {
            if (returned instanceof CompletableFuture<R> future) {
                future.cancel(true);
            }
        }
    }
}
