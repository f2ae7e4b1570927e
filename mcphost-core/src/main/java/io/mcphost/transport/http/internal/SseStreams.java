package io.mcphost.transport.http.internal;

import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpAnswerLostException;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpSessionExpiredException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.internal.LogLimit;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * The SSE half of {@link StreamableHttpEngine}: a request's answer stream and the listening GET stream, read
 * until they end and resumed with {@code Last-Event-ID} when they drop, after the delay the server asked for
 * with {@code retry}, at most {@code maxReconnectAttempts} times in a row. Each stream is read by the thread
 * that calls {@link #read} (a virtual thread: its reads block); thread-safe.
 */
final class SseStreams {
    private static final Logger LOG = LoggerFactory.getLogger(StreamableHttpEngine.class);
    private static final JsonCodec CODEC = JsonCodec.get();

    private final LogLimit junkLogs = new LogLimit(5, Duration.ofSeconds(10));
    private final HttpSettings settings;
    private final Delivery delivery;
    private final Exchanges exchanges;
    private final HttpSession session;
    private final String where;

    SseStreams(HttpSettings settings, Delivery delivery, Exchanges exchanges, HttpSession session, String where) {
        this.settings = settings;
        this.delivery = delivery;
        this.exchanges = exchanges;
        this.session = session;
        this.where = where;
    }

    /**
     * Reads an SSE stream until it ends, resuming it with {@code Last-Event-ID} when it drops
     * before {@code awaited} is answered ({@code awaited} null: the listening GET stream, which is
     * resumed until {@code generation} changes). {@code streamSession} is the session the stream belongs to,
     * which a resume must name even when a newer session has replaced it since. Returns why it failed, or null.
     */
    McpTransportException read(InputStream first, RequestId awaited, long generation, String streamSession) {
        InputStream body = first;
        String lastId = "";
        long retry = settings.defaultRetry().toMillis();
        int attempts = 0;
        // An event too large for the client is refused, not lost: sending the request again would get it again.
        boolean refused = false;
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
                refused |= e instanceof HttpErrors.TooLarge;
            } finally {
                exchanges.done(body);
            }
            lastId = reader.lastEventId();
            retry = reader.retryMillis().orElse(retry);
            if (answered || exchanges.isClosed() || awaited == null && session.generation() != generation) {
                return null;
            }
            // A server closes a dead session's streams: such a stream cannot be resumed in another session
            // (replaced already, or found gone by a probe when there is no event id), so the request is resent.
            if (awaited != null && streamSession != null && (!streamSession.equals(session.id()) || lastId.isEmpty()
                    && SessionChecks.gone(exchanges, session.withSession(exchanges.request(settings.endpoint()), streamSession)))) {
                session.expire(streamSession);
                return new McpSessionExpiredException(settings.name(), "session " + SessionChecks.abbreviate(streamSession)
                        + " ended before the server answered request " + awaited);
            }
            if (awaited != null && lastId.isEmpty()) {
                return lostOrRefused(refused, why + " before answering request " + awaited
                        + " and gave no event id to resume from");
            }
            attempts = progressed ? 1 : attempts + 1;
            if (attempts > settings.maxReconnectAttempts()) {
                return awaited == null ? null : lostOrRefused(refused, why + " before answering request "
                        + awaited + "; resuming failed " + settings.maxReconnectAttempts() + " times");
            }
            if (!pause(retry)) {
                return null;
            }
            LOG.debug("server '{}': resuming an SSE stream after event '{}' ({})", settings.name(), lastId, why);
            Incoming response = openGet(lastId, streamSession);
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
            if (status == 404 && streamSession != null) {
                session.expire(streamSession);
                return awaited == null ? null : new McpSessionExpiredException(settings.name(), "the server no longer knows session "
                        + SessionChecks.abbreviate(streamSession) + " while resuming a stream (HTTP 404)");
            }
            if (status == 405 || status / 100 == 4) {
                return awaited == null ? null : lostOrRefused(refused, why + " before answering request "
                        + awaited + ", and resuming it was refused: HTTP " + status + excerpt);
            }
            body = InputStream.nullInputStream(); // a 5xx: count it as one failed attempt and try again
        }
    }

    /**
     * The optional GET stream for server-initiated messages, read until {@code generation} ends; a 405 means
     * the server offers none. Counts {@code answered} down once the server answered the GET (or it failed).
     */
    void listen(long generation, CountDownLatch answered) {
        Incoming response;
        String listening = session.id();
        try {
            response = openGet("", listening);
        } finally {
            answered.countDown();
        }
        if (response == null) {
            return;
        }
        if (response.statusCode() == 200 && HttpErrors.contentType(response).startsWith("text/event-stream")) {
            read(response.body(), null, generation, listening);
            return;
        }
        LOG.debug("server '{}': no listening stream (GET answered HTTP {})", settings.name(), response.statusCode());
        exchanges.done(response.body());
    }

    /** Why a request's stream ended without its answer: refused (an event too large) or lost on the way. */
    private McpTransportException lostOrRefused(boolean refused, String message) {
        return refused ? new McpTransportException(settings.name(), message) : new McpAnswerLostException(settings.name(), message);
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

    /** Whether {@code message} is the answer (result or error) to {@code awaited}; never when that is null. */
    static boolean answers(JsonRpcMessage message, RequestId awaited) {
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
    private Incoming openGet(String lastEventId, String streamSession) {
        Outgoing builder = exchanges.request(settings.endpoint()).header("Accept", "text/event-stream").GET();
        session.withSession(builder, streamSession);
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
}
