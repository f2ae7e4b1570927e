package io.mcphost.server.http.internal;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.modern.ModernErrors;
import io.mcphost.protocol.modern.ModernMethods;
import io.mcphost.server.internal.CallerContext;
import io.mcphost.server.internal.Dispatcher;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The MCP endpoint for revision 2026-07-28 requests (spec: basic/transports/streamable-http): no
 * session, every POST one request answered on its own. The request's headers are checked against
 * its body first ({@link RequestHeaders}); the answer is plain JSON, or an SSE stream as soon as the
 * handler sends a notification before its result (progress, log, and every subscriptions/listen).
 * Closing that stream cancels the request. Refusals use the HTTP status the spec gives each error.
 * Thread-safe; a request is served on its POST's own virtual thread (a {@code subscriptions/listen}
 * on one of its own), and a response that streams is written by one more.
 */
final class ModernHttp {
    private static final Logger LOG = LoggerFactory.getLogger(ModernHttp.class);
    private static final JsonCodec CODEC = JsonCodec.get();
    /**
     * A comment this often on a quiet listen stream; also how long a request may stay quiet before its
     * answer becomes an event stream (a quick one stays plain JSON).
     */
    private static final long KEEP_ALIVE_MILLIS = 5_000;
    /**
     * A comment this often on a request's quiet event stream: the client cancels by closing its connection,
     * which Jetty sees only on a write (it does not read while a request is handled), and only on the second
     * write after the close (the first draws the client's reset). One small write a second per long request
     * is what noticing that within about two seconds costs; at the listen streams' 5 s it took 10–15 s.
     */
    private static final long PROBE_MILLIS = 1_000;
    /** Marks the end of a request that has no reply (cancelled). */
    private static final Object END = new Object();

    /** Where each request goes: the server's dispatcher, as for every connection. */
    private final StatelessChannel channel;
    /** The cancellation flags of the requests being served, except listen streams (those end gracefully). */
    private final Set<AtomicBoolean> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    ModernHttp(StatelessChannel channel) {
        this.channel = channel;
    }

    /** The HTTP status of a refusal (spec: streamable-http, server validation and protocol version header). */
    static int status(JsonRpcError error) {
        return switch (error.code()) {
            case JsonRpcError.METHOD_NOT_FOUND -> 404;
            case JsonRpcError.PARSE_ERROR, JsonRpcError.INVALID_REQUEST, JsonRpcError.INVALID_PARAMS,
                 ModernErrors.HEADER_MISMATCH, ModernErrors.MISSING_REQUIRED_CLIENT_CAPABILITY,
                 ModernErrors.UNSUPPORTED_PROTOCOL_VERSION -> 400;
            default -> 200;
        };
    }

    /** Serves one POSTed request; {@code sse} is whether the client accepts an event stream. */
    void post(Exchange exchange, JsonRpcRequest request, boolean sse) throws IOException {
        Dispatcher dispatcher = channel.dispatcher();
        Optional<JsonRpcError> refused = RequestHeaders.checkVersionPresent(exchange)
                .or(() -> dispatcher.checkMeta(request))
                .or(() -> RequestHeaders.check(exchange, request, dispatcher.registry()))
                .or(() -> dispatcher.checkVersion(request));
        if (refused.isPresent()) {
            reply(exchange, JsonRpcErrorResponse.of(request.id(), refused.get()));
            return;
        }
        LinkedBlockingQueue<Object> out = new LinkedBlockingQueue<>();
        AtomicBoolean cancelled = new AtomicBoolean();
        if (!request.method().equals(ModernMethods.SUBSCRIPTIONS_LISTEN)) {
            open.add(cancelled);
            // Spec (cancellation, Streamable HTTP): a client disconnect cancels the request, also while
            // it is answered with plain JSON and nothing has been written yet.
            exchange.onFailure(() -> cancelled.set(true));
        }
        if (closed && !request.method().equals(ModernMethods.SUBSCRIPTIONS_LISTEN)) {
            cancelled.set(true);
        }
        // A listen stream opened while the server closes ends at once with its graceful-closure result
        // (its closing flag is set): a client that hears it opens the stream again, elsewhere behind a load
        // balancer, where a cancellation error would have told it the subscription was refused for good.
        try {
            if (request.method().equals(ModernMethods.SUBSCRIPTIONS_LISTEN)) {
                // A listen stream lives as long as the client keeps it: its handler on a thread of its own.
                Optional<io.mcphost.server.Caller> caller = CallerContext.current(); // the POST's, for the handler's thread
                Thread.ofVirtual().name("mcphost-modern-" + request.method()).start(() -> CallerContext.runWith(caller,
                        () -> serve(exchange, request, out, cancelled)));
                stream(exchange, request, out, cancelled, sse);
            } else {
                serveHere(exchange, request, out, cancelled, sse);
            }
        } finally {
            open.remove(cancelled);
        }
    }

    /** Runs the handler; its reply, or {@link #END} when there is none, goes to {@code out} last. */
    private void serve(Exchange exchange, JsonRpcRequest request, LinkedBlockingQueue<Object> out, AtomicBoolean cancelled) {
        try {
            Optional<String> version = Optional.ofNullable(exchange.header(RequestHeaders.VERSION));
            out.add(channel.dispatch(request, version, message -> out.add(message), cancelled, () -> closed)
                    .<Object>map(m -> m).orElse(END));
        } catch (RuntimeException | Error e) {
            out.add(END);
            throw e;
        }
    }

    /**
     * Serves the request on the POST's own thread, which would otherwise only wait for the reply: no thread
     * of its own for the handler and no hand-off of the reply back (two thread hand-offs per call). The
     * response is written here after the handler returns, unless something must leave before: a
     * notification (the response becomes an event stream) or a quiet spell of {@link #KEEP_ALIVE_MILLIS}
     * (keep-alive comments every {@link #PROBE_MILLIS}, which also notice a vanished client) hands the writing
     * to a thread of its own, and this thread waits for that writer once the handler returns.
     */
    private void serveHere(Exchange exchange, JsonRpcRequest request, LinkedBlockingQueue<Object> out,
                           AtomicBoolean cancelled, boolean sse) throws IOException {
        Writing writing = new Writing(() -> stream(exchange, request, out, cancelled, sse));
        LongServing.Watch watch = LongServing.watch(KEEP_ALIVE_MILLIS, writing::handOff);
        try {
            Optional<String> version = Optional.ofNullable(exchange.header(RequestHeaders.VERSION));
            out.add(channel.dispatch(request, version, message -> {
                out.add(message);
                if (sse) {
                    writing.handOff(); // leaves at once, as an event (a JSON-only client gets the result alone)
                }
            }, cancelled, () -> closed).<Object>map(m -> m).orElse(END));
        } catch (RuntimeException | Error e) {
            out.add(END);
            throw e;
        } finally {
            watch.close();
            writing.finish();
        }
    }

    /**
     * Plain JSON while only the reply comes; an event stream from the first notification on, or at once for
     * a request handed over for being quiet (a comment every {@link #PROBE_MILLIS} then; a listen stream's
     * every {@link #KEEP_ALIVE_MILLIS}).
     */
    private void stream(Exchange exchange, JsonRpcRequest request, LinkedBlockingQueue<Object> out,
                        AtomicBoolean cancelled, boolean sse) throws IOException {
        OutputStream body = null;
        // A request (not a listen stream) handed over for being quiet starts its event stream at once, so
        // that its comments can notice a vanished client from then on.
        boolean probing = sse && !request.method().equals(ModernMethods.SUBSCRIPTIONS_LISTEN);
        try {
            while (true) {
                long quiet = !probing ? KEEP_ALIVE_MILLIS : body == null ? 0 : PROBE_MILLIS;
                Object next = out.poll(quiet, TimeUnit.MILLISECONDS);
                if (next == END || (next == null && cancelled.get() && body == null)) {
                    if (body == null) {
                        Replies.error(exchange, 200, HttpEndpoint.REQUEST_CANCELLED, "the request was cancelled",
                                Optional.of(request.id()));
                    }
                    return;
                }
                if (next instanceof JsonRpcMessage message && isReply(message, request)) {
                    if (body == null) {
                        reply(exchange, message);
                    } else {
                        // The reply and the end of the stream in one write.
                        exchange.endStream(body, SseFrames.event(CODEC.encode(message)).getBytes(StandardCharsets.UTF_8));
                    }
                    return;
                }
                if (next == null) {
                    if (body == null && sse) {
                        // A long request: answer with an event stream from now on, so that its keep-alive
                        // comments find out when the client closed the connection (spec: a disconnect
                        // cancels the request) even if the HTTP server did not notice it already.
                        body = Replies.startEventStream(exchange);
                    }
                    if (body != null) {
                        SseFrames.write(body, SseFrames.KEEP_ALIVE); // spec: a comment as keep-alive on a long-lived stream
                    }
                    continue;
                }
                if (!sse) {
                    continue; // a JSON-only client gets the result and nothing before it
                }
                if (body == null) {
                    body = Replies.startEventStream(exchange);
                }
                SseFrames.write(body, SseFrames.event(CODEC.encode((JsonRpcMessage) next)));
            }
        } catch (IOException e) {
            // Spec: closing the response stream cancels the request.
            LOG.debug("{} (id {}): the client closed its stream: {}", request.method(), request.id(), e.getMessage());
            cancelled.set(true);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancelled.set(true);
        }
    }

    private static boolean isReply(JsonRpcMessage message, JsonRpcRequest request) {
        return switch (message) {
            case JsonRpcResponse r -> r.id().equals(request.id());
            case JsonRpcErrorResponse e -> e.id().map(request.id()::equals).orElse(true);
            default -> false;
        };
    }

    private static void reply(Exchange exchange, JsonRpcMessage message) throws IOException {
        int status = message instanceof JsonRpcErrorResponse e ? status(e.error()) : 200;
        Replies.json(exchange, status, CODEC.encode(message));
    }

    /**
     * The server is closing: every request is cancelled and every listen stream ends with its
     * graceful-closure result, so their exchanges end now.
     */
    void closeAll() {
        closed = true;
        open.forEach(flag -> flag.set(true));
    }
}
