package io.mcphost.transport.http.internal;

import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpAnswerLostException;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpStreamBrokenException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One request of revision 2026-07-28 over Streamable HTTP: a POST with the metadata headers the
 * client computed and no session, answered by a JSON body or by an SSE stream scoped to the request
 * (its progress and log notifications, then the answer). Unlike the session revisions:
 * <ul>
 *   <li>an error status is read for its body: a JSON-RPC error there is delivered as the request's
 *       answer (a modern server answers UnsupportedProtocolVersion, HeaderMismatch … with 400, an
 *       unknown method with 404), so the client can tell a modern server from a legacy one;</li>
 *   <li>a stream that ends before the answer is not resumed (no {@code Last-Event-ID} in this
 *       revision): the request fails with {@link McpStreamBrokenException} and the client re-issues it.</li>
 * </ul>
 * Runs on the request's own virtual thread, or, for a JSON answer, on the HTTP library's thread that read
 * it ({@link #exchangeDirect}); thread-safe.
 */
final class ModernPost {
    private static final Logger LOG = LoggerFactory.getLogger(ModernPost.class);
    private static final JsonCodec CODEC = JsonCodec.get();
    /** An error body is read up to this size: enough for any JSON-RPC error, bounded against junk. */
    private static final int ERROR_BODY_LIMIT = 64 * 1024;

    private final HttpSettings settings;
    private final Delivery delivery;
    private final Exchanges exchanges;
    private final String where;
    /** The open response bodies of requests in flight, by request id, so that a cancel can close one. */
    private final java.util.concurrent.ConcurrentHashMap<RequestId, InputStream> open = new java.util.concurrent.ConcurrentHashMap<>();
    /** The requests being sent whose response has not begun, so that a cancel can abort the exchange. */
    private final java.util.concurrent.ConcurrentHashMap<RequestId, Outgoing> sending = new java.util.concurrent.ConcurrentHashMap<>();
    /** Requests cancelled before their response began (bounded by the requests in flight). */
    private final java.util.Set<RequestId> cancelled = java.util.concurrent.ConcurrentHashMap.newKeySet();

    ModernPost(HttpSettings settings, Delivery delivery, Exchanges exchanges) {
        this.settings = settings;
        this.delivery = delivery;
        this.exchanges = exchanges;
        this.where = HttpErrors.safe(settings.endpoint());
    }

    /** Sends the request and delivers its answer; returns why it failed, or null. Blocks. */
    McpTransportException exchange(JsonRpcRequest request, Map<String, String> headers) {
        Outgoing builder;
        try {
            builder = prepare(request, headers);
        } catch (IllegalArgumentException e) {
            return headerRefused(request);
        }
        Incoming response;
        try {
            response = exchanges.send(builder);
        } catch (Exchanges.AuthorizationRequired e) {
            sending.remove(request.id());
            return e.refused(); // 401/403: the client's Authorisation stage runs the OAuth flow and retries
        } catch (IOException e) {
            sending.remove(request.id());
            return sendFailed(request, builder, e);
        }
        sending.remove(request.id());
        return received(request, response);
    }

    /**
     * Sends the request without a thread of its own ({@link Exchanges#sendAsync}): a JSON answer read
     * whole is delivered on the HTTP library's thread; a stream, an error status or a failure moves to a
     * virtual thread. {@code done} gets why it failed, or null, exactly once, unless this returns false:
     * then nothing was sent (a header value HTTP refuses, the library refused to start) and the caller
     * takes the blocking path, which reports it. Only when {@link Exchanges#direct()}.
     */
    boolean exchangeDirect(JsonRpcRequest request, Map<String, String> headers, Consumer<McpTransportException> done) {
        Outgoing builder;
        try {
            builder = prepare(request, headers);
        } catch (IllegalArgumentException e) {
            return false;
        }
        try {
            exchanges.sendAsync(builder, answer -> done.accept(finishDirect(request, builder, answer, null)),
                    (response, error) -> settings.startRequestThread(
                            () -> done.accept(finishDirect(request, builder, response, error))));
        } catch (RuntimeException e) {
            sending.remove(request.id());
            return false; // not sent: the blocking path sends it, or fails it the same way
        }
        return true;
    }

    /** The POST of {@code request}, registered as being sent (so a cancel can abandon it). */
    private Outgoing prepare(JsonRpcRequest request, Map<String, String> headers) {
        Outgoing builder = exchanges.request(settings.endpoint())
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .POST(CODEC.encode(request));
        headers.forEach(builder::header);
        sending.put(request.id(), builder);
        if (cancelled.contains(request.id())) {
            builder.abandon();
        }
        return builder;
    }

    private McpTransportException finishDirect(JsonRpcRequest request, Outgoing builder, Incoming response, Throwable error) {
        try {
            Incoming received;
            try {
                received = exchanges.received(response, error);
            } catch (Exchanges.AuthorizationRequired e) {
                return e.refused();
            } catch (IOException e) {
                return sendFailed(request, builder, e);
            } finally {
                sending.remove(request.id());
            }
            return received(request, received);
        } catch (RuntimeException e) { // as on a request thread: nothing escapes, nothing quoted
            return new McpTransportException(settings.name(), request.method() + " could not be sent to " + where
                    + ": " + e.getClass().getSimpleName());
        }
    }

    /** A header value HTTP refuses: never quoted (it may mirror a tool argument). */
    private McpTransportException headerRefused(JsonRpcRequest request) {
        return new McpTransportException(settings.name(), request.method() + ": a request header was refused by the HTTP client");
    }

    private McpTransportException sendFailed(JsonRpcRequest request, Outgoing builder, IOException e) {
        if (builder.abandoned()) {
            cancelled.remove(request.id());
            return null; // the client cancelled it: the call is settled, nobody waits for this failure
        }
        return exchanges.isClosed() ? null : new McpAnswerLostException(settings.name(), "cannot reach " + where + ": "
                + HttpErrors.describe(e, settings.endpoint()), e);
    }

    /** The response to {@code request}: its answer delivered, its body done with. */
    private McpTransportException received(JsonRpcRequest request, Incoming response) {
        InputStream body = response.body();
        open.put(request.id(), body);
        if (cancelled.remove(request.id())) {
            open.remove(request.id());
            exchanges.done(body);
            return null;
        }
        try {
            int status = response.statusCode();
            if (status / 100 != 2) {
                return refused(request, status, body);
            }
            if (HttpErrors.contentType(response).startsWith("text/event-stream")) {
                return stream(request.id(), body);
            }
            return json(request.id(), status, body);
        } finally {
            open.remove(request.id(), body);
            cancelled.remove(request.id());
            exchanges.done(body);
        }
    }

    /**
     * Cancels a request the client gave up on: closing its response stream is the cancellation signal
     * of this revision. The reading thread then ends; its failure reaches no one (the call is settled).
     */
    void abort(tools.jackson.databind.JsonNode requestId) {
        if (requestId == null) {
            return;
        }
        RequestId id = JsonCodec.requestId(requestId).orElse(null);
        if (id == null) {
            return;
        }
        // First the mark, then the lookup: a response that begins meanwhile sees one or the other.
        cancelled.add(id);
        Outgoing pending = sending.get(id);
        if (pending != null) {
            // No response yet (a server answering with plain JSON writes nothing until it is done):
            // closing the exchange's connection is the cancellation signal the server can see.
            pending.abandon();
        }
        InputStream body = open.remove(id);
        if (body != null) {
            cancelled.remove(id);
            exchanges.done(body);
        }
    }

    /** A 4xx or 5xx: its JSON-RPC error, when the body is one, answers the request. */
    private McpTransportException refused(JsonRpcRequest request, int status, InputStream body) {
        String text;
        try {
            text = HttpErrors.readBounded(body, ERROR_BODY_LIMIT);
        } catch (IOException e) {
            text = "";
        }
        if (!text.isBlank()) {
            try {
                List<JsonRpcMessage> messages = CODEC.decode(text);
                if (messages.size() == 1 && messages.getFirst() instanceof JsonRpcErrorResponse error) {
                    // Servers often answer with "id": null when they refused before reading the id.
                    delivery.message(JsonRpcErrorResponse.of(request.id(), error.error()));
                    return null;
                }
            } catch (McpException notJsonRpc) {
                // an HTML page, a proxy's text: reported below with its excerpt
            }
        }
        String excerpt = text.replaceAll("\\s+", " ").strip();
        excerpt = excerpt.length() > 300 ? excerpt.substring(0, 300) + "…" : excerpt;
        return HttpErrors.statusFailure(settings.name(), status, "HTTP " + status + " from " + where
                + (excerpt.isEmpty() ? "" : ": " + excerpt));
    }

    private McpTransportException json(RequestId awaited, int status, InputStream body) {
        String text;
        try {
            text = HttpErrors.readBounded(body, settings.maxMessageBytes());
        } catch (IOException e) {
            String why = "reading the answer from " + where + " failed: " + HttpErrors.describe(e);
            // Too large is refused, not lost: issued again, it would only come again.
            return exchanges.isClosed() ? null : e instanceof HttpErrors.TooLarge ? new McpTransportException(settings.name(), why, e)
                    : new McpStreamBrokenException(settings.name(), why, e);
        }
        if (text.isBlank()) {
            return new McpTransportException(settings.name(), "HTTP " + status + " from " + where
                    + " carried no answer to request " + awaited);
        }
        try {
            boolean answered = false;
            for (JsonRpcMessage inbound : CODEC.decode(text)) {
                delivery.message(inbound);
                answered |= answers(inbound, awaited);
            }
            return answered ? null : new McpTransportException(settings.name(), "the JSON answer from " + where
                    + " did not answer request " + awaited);
        } catch (McpException e) {
            return new McpTransportException(settings.name(), "the answer from " + where + " is not JSON-RPC: " + e.getMessage(), e);
        }
    }

    /** The request's own SSE stream: notifications, then the answer; after it, a short drain (see the engine). */
    private McpTransportException stream(RequestId awaited, InputStream body) {
        SseReader reader = new SseReader(body, settings.maxMessageBytes());
        boolean answered = false;
        try {
            SseEvent event;
            while (!answered && (event = reader.next()) != null) {
                answered = deliver(event, awaited);
            }
            if (answered) {
                Drain.afterAnswer(reader, body, exchanges, e -> deliver(e, awaited));
                return null;
            }
            return exchanges.isClosed() ? null : new McpStreamBrokenException(settings.name(), "the server ended the response stream"
                    + " of request " + awaited + " before answering it");
        } catch (IOException e) {
            return answered || exchanges.isClosed() ? null : new McpStreamBrokenException(settings.name(),
                    "the response stream of request " + awaited + " broke: " + HttpErrors.describe(e), e);
        }
    }

    private boolean deliver(SseEvent event, RequestId awaited) {
        if (!"message".equals(event.type()) || event.data().isBlank()) {
            return false;
        }
        boolean answered = false;
        try {
            for (JsonRpcMessage inbound : CODEC.decode(event.data())) {
                delivery.message(inbound, awaited); // a log message on this stream is the request's
                answered |= answers(inbound, awaited);
            }
        } catch (McpException e) {
            LOG.debug("server '{}': skipped an SSE event that is not JSON-RPC", settings.name());
        }
        return answered;
    }

    private static boolean answers(JsonRpcMessage message, RequestId awaited) {
        return switch (message) {
            case JsonRpcResponse r -> r.id().equals(awaited);
            case JsonRpcErrorResponse e -> e.id().map(awaited::equals).orElse(false);
            default -> false;
        };
    }
}
