package io.mcphost.transport.http.internal;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.internal.LogLimit;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import org.eclipse.jetty.client.HttpClient;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * The HTTP+SSE transport of revision 2024-11-05: one long GET stream whose first event,
 * {@code endpoint}, names the URL to POST messages to; every answer arrives on the stream. The
 * endpoint must have the stream's origin (scheme, host and port), so a server cannot send our
 * messages, and headers, elsewhere. The stream ending ends the transport.
 */
public final class LegacySseEngine implements HttpEngine {
    private static final Logger LOG = LoggerFactory.getLogger(LegacySseEngine.class);
    private final LogLimit junkLogs = new LogLimit(5, Duration.ofSeconds(10));
    private static final JsonCodec CODEC = JsonCodec.get();

    private final HttpSettings settings;
    private final Delivery delivery;
    private final Exchanges exchanges;
    private final String where;
    private final CompletableFuture<URI> endpoint = new CompletableFuture<>();

    public LegacySseEngine(HttpSettings settings, Delivery delivery, HttpClient http) {
        this.settings = settings;
        this.delivery = delivery;
        this.exchanges = new Exchanges(http, settings);
        this.where = HttpErrors.safe(settings.endpoint());
    }

    /**
     * Opens the stream and waits for the {@code endpoint} event, at most the connect timeout.
     *
     * @throws McpTransportException if the stream cannot be opened or names no acceptable endpoint
     */
    public void start() {
        Outgoing get = exchanges.request(settings.endpoint()).header("Accept", "text/event-stream").GET();
        Incoming response;
        try {
            response = exchanges.send(get);
        } catch (IOException e) {
            throw new McpTransportException(settings.name(), "cannot open the SSE stream at " + where + ": "
                    + HttpErrors.describe(e, settings.endpoint()), e);
        }
        if (response.statusCode() != 200 || !HttpErrors.contentType(response).startsWith("text/event-stream")) {
            String excerpt = HttpErrors.excerpt(response);
            exchanges.done(response.body());
            throw new McpTransportException(settings.name(), "GET " + where + " answered HTTP " + response.statusCode()
                    + " (" + HttpErrors.contentType(response) + ") instead of an SSE stream" + excerpt);
        }
        Thread.ofVirtual().name("mcphost-sse-" + settings.name()).start(() -> read(response.body()));
        try {
            endpoint.get(settings.connectTimeout().toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            exchanges.abortAll();
            throw new McpTransportException(settings.name(), "the SSE stream at " + where + " sent no endpoint event within "
                    + settings.connectTimeout());
        } catch (ExecutionException e) {
            exchanges.abortAll();
            throw e.getCause() instanceof McpTransportException t ? t
                    : new McpTransportException(settings.name(), String.valueOf(e.getCause()), e.getCause());
        } catch (InterruptedException e) {
            exchanges.abortAll();
            Thread.currentThread().interrupt();
            throw new McpTransportException(settings.name(), "interrupted while waiting for the endpoint event", e);
        }
    }

    private void read(InputStream body) {
        SseReader reader = new SseReader(body, settings.maxMessageBytes());
        String why = "the server closed the SSE stream";
        try {
            SseEvent event;
            while ((event = reader.next()) != null) {
                switch (event.type()) {
                    case "endpoint" -> onEndpoint(event.data().strip());
                    case "message" -> onMessage(event.data());
                    default -> LOG.debug("server '{}': ignored SSE event type '{}'", settings.name(), event.type());
                }
            }
        } catch (IOException e) {
            why = "the SSE stream broke: " + HttpErrors.describe(e);
        } finally {
            exchanges.done(body);
        }
        McpTransportException cause = new McpTransportException(settings.name(), why + " (" + where + ")");
        endpoint.completeExceptionally(cause);
        if (!exchanges.isClosed()) {
            delivery.closed(cause);
        }
    }

    private void onEndpoint(String data) {
        URI resolved;
        try {
            resolved = settings.endpoint().resolve(data);
        } catch (IllegalArgumentException e) {
            endpoint.completeExceptionally(new McpTransportException(settings.name(), "the endpoint event is not a URL: " + data));
            return;
        }
        URI base = settings.endpoint();
        if (!Objects.equals(resolved.getScheme(), base.getScheme()) || !Objects.equals(resolved.getHost(), base.getHost())
                || port(resolved) != port(base)) {
            endpoint.completeExceptionally(new McpTransportException(settings.name(), "the endpoint event names "
                    + HttpErrors.safe(resolved) + ", which is not on the origin of " + where + "; refused"));
            exchanges.abortAll();
            return;
        }
        if (!endpoint.complete(resolved)) {
            LOG.debug("server '{}': ignored a second endpoint event", settings.name());
        }
    }

    private void onMessage(String data) {
        if (data.isBlank()) {
            return;
        }
        try {
            CODEC.decode(data).forEach(delivery::message);
        } catch (McpException e) {
            // Rate-limited and bounded like junk on stdio: the server decides how many such events come.
            junkLogs.log(LOG, Level.WARN, "skipped SSE events of server '" + settings.name() + "'",
                    "server '{}': skipped an SSE event that is not JSON-RPC: {}", settings.name(), LogLimit.bounded(e.getMessage()));
        }
    }

    private static int port(URI uri) {
        return uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    @Override
    public void send(JsonRpcMessage message) {
        if (exchanges.isClosed()) {
            throw new McpClosedException(settings.name(), "the SSE transport to " + where + " is closed");
        }
        URI target = endpoint.getNow(null);
        if (target == null) {
            throw new McpTransportException(settings.name(), "the SSE transport to " + where + " has no endpoint");
        }
        Outgoing post = exchanges.request(target).header("Content-Type", "application/json")
                .POST(CODEC.encode(message));
        Incoming response;
        try {
            response = exchanges.send(post);
        } catch (IOException e) {
            if (exchanges.isClosed()) {
                throw new McpClosedException(settings.name(), "the SSE transport to " + where + " is closed");
            }
            throw new McpTransportException(settings.name(), "cannot POST to " + HttpErrors.safe(target) + ": "
                    + HttpErrors.describe(e, target), e);
        }
        try {
            if (response.statusCode() / 100 != 2) {
                throw new McpTransportException(settings.name(), "HTTP " + response.statusCode() + " from "
                        + HttpErrors.safe(target) + HttpErrors.excerpt(response));
            }
        } finally {
            exchanges.done(response.body());
        }
    }

    @Override
    public void handshakeCompleted(ProtocolVersion version) {
        // The legacy transport has no version header and no second stream.
    }

    @Override
    public void close(Duration budget) {
        exchanges.abortAll();
    }
}
