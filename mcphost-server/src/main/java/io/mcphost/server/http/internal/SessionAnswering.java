package io.mcphost.server.http.internal;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.server.http.ResponseMode;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a handshake-era POST that carries requests is answered, in the {@link ResponseMode} chosen for it
 * (spec 2025-11-25, basic/transports: one JSON object or an SSE stream, the server's choice): an event
 * stream written as the session routes messages to it, one JSON body once every response is in, or, in
 * {@link ResponseMode#AUTO}, the one request served on the POST's own thread and answered with plain
 * JSON unless something had to leave before its response, in which case the response becomes that
 * event stream on a writer of its own ({@link Writing}). Stateless; called on the POST's thread, which
 * it blocks until the answer is written.
 */
final class SessionAnswering {
    private static final Logger LOG = LoggerFactory.getLogger(SessionAnswering.class);
    private static final JsonCodec CODEC = JsonCodec.get();
    /**
     * An {@link ResponseMode#AUTO} request still running after this long becomes an event stream (the
     * priming event, then keep-alives): a long call can be resumed after a dropped connection, and a
     * vanished client is noticed.
     */
    static final long STREAM_AFTER_MILLIS = 5_000;

    private SessionAnswering() {
    }

    /**
     * JSON mode carries one response and nothing else, so a request that asked for progress would
     * see its reports only on the GET stream, racing its answer (or lost before that stream opens).
     * The spec lets the server choose per request: such a request is answered with SSE when the
     * client accepts it. (AUTO streams by itself once the first report comes.)
     */
    static ResponseMode streamIfProgress(ResponseMode mode, List<JsonRpcRequest> requests, Exchange exchange) {
        if (mode != ResponseMode.JSON) {
            return mode;
        }
        List<String> accept = exchange.headers("Accept");
        boolean wantsProgress = requests.stream().anyMatch(r -> r.params()
                .map(p -> p.path("_meta").has("progressToken")).orElse(false));
        return wantsProgress && (accept == null || Negotiation.accepts(accept, Replies.EVENT_STREAM)) ? ResponseMode.SSE : mode;
    }

    /** Answers the POST carrying {@code messages} (of which {@code requests}) to {@code session}. */
    static void answer(Exchange exchange, HttpSession session, List<JsonRpcMessage> messages,
                       List<JsonRpcRequest> requests, ResponseMode mode, boolean prime, Optional<RequestId> id)
            throws IOException {
        Optional<EventStream> opened = session.openRequestStream(requests, mode != ResponseMode.JSON, prime);
        if (opened.isEmpty()) {
            Replies.error(exchange, 400, JsonRpcError.INVALID_REQUEST,
                    "Invalid Request: a request id is already in use by a request still running in this session", id);
            return;
        }
        EventStream stream = opened.get();
        switch (mode) {
            case SSE -> {
                // Attached before anything is delivered, so the stream is live before the handler runs.
                EventStream.Attachment attachment = stream.attach(-1);
                session.deliver(messages);
                stream.pump(attachment, exchange);
            }
            case AUTO -> auto(exchange, session, messages, stream);
            case JSON -> json(exchange, session, messages, requests, stream, id);
        }
    }

    /**
     * One request served here, its response plain JSON when that is all there is to say; anything
     * appended before it (progress, a log message, a question to the client, a message routed to this
     * stream) or a long wait starts the event stream on a writer of its own, as SSE mode would have.
     */
    private static void auto(Exchange exchange, HttpSession session, List<JsonRpcMessage> messages, EventStream stream)
            throws IOException {
        EventStream.Attachment attachment = stream.attach(-1);
        Optional<Runnable> serving = messages.size() == 1 && messages.getFirst() instanceof JsonRpcRequest request
                ? session.acceptHere(request) : Optional.empty();
        if (serving.isEmpty()) {
            session.deliver(messages);
            stream.pump(attachment, exchange);
            return;
        }
        Writing writing = new Writing(() -> stream.pump(attachment, exchange));
        if (stream.onEvent(writing::handOff)) {
            writing.handOff(); // a message routed to the stream since it was attached: it leaves now
        }
        try (LongServing.Watch watch = LongServing.watch(STREAM_AFTER_MILLIS, writing::handOff)) {
            serving.get().run();
        } catch (RuntimeException e) {
            // The reply could not be sent (the session closed meanwhile): the stream ends without it.
            LOG.debug("a request of {} ended without its reply: {}", session, e.getMessage());
        }
        if (!writing.settle()) {
            return; // streamed by its writer, who is done with the exchange
        }
        Optional<String> sole = stream.soleResponse(attachment);
        if (sole.isPresent()) {
            session.forget(stream); // never written as a stream: nothing to resume
            Replies.json(exchange, 200, sole.get());
        } else {
            stream.pump(attachment, exchange); // no response (cancelled), the session ended, or the connection dropped
        }
    }

    private static void json(Exchange exchange, HttpSession session, List<JsonRpcMessage> messages,
                             List<JsonRpcRequest> requests, EventStream stream, Optional<RequestId> id) throws IOException {
        session.deliver(messages);
        List<String> responses;
        try {
            responses = stream.awaitResponses();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return; // the server is stopping
        } finally {
            session.forget(stream);
        }
        if (responses.isEmpty() && session.isClosed()) {
            Replies.error(exchange, 404, JsonRpcError.INVALID_REQUEST, "Not Found: the session ended", id);
        } else if (responses.isEmpty()) {
            Replies.json(exchange, 200, CODEC.encode(JsonRpcErrorResponse.of(requests.getFirst().id(),
                    JsonRpcError.of(HttpEndpoint.REQUEST_CANCELLED, "the request was cancelled"))));
        } else {
            Replies.json(exchange, 200, messages.size() == 1 && requests.size() == 1 ? responses.getFirst()
                    : "[" + String.join(",", responses) + "]");
        }
    }
}
