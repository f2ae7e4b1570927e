package io.mcphost.transport.http;

import static io.mcphost.protocol.internal.Settings.positive;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.transport.HeaderMirroring;
import io.mcphost.transport.HttpSessions;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Reopenable;
import io.mcphost.transport.Transport;
import io.mcphost.transport.TransportKind;
import io.mcphost.transport.http.internal.Delivery;
import io.mcphost.transport.http.internal.HttpEngine;
import io.mcphost.transport.http.internal.HttpChecks;
import io.mcphost.transport.http.internal.HttpErrors;
import io.mcphost.transport.http.internal.HttpSettings;
import io.mcphost.transport.http.internal.HttpClients;
import io.mcphost.transport.http.internal.LegacySseEngine;
import io.mcphost.transport.http.internal.StreamableHttpEngine;
import java.net.URI;
import org.eclipse.jetty.client.HttpClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import javax.net.ssl.SSLContext;

/**
 * A remote MCP server over HTTP: Streamable HTTP (revisions 2025-03-26 … 2025-11-25), the legacy
 * HTTP+SSE transport (2024-11-05), or — by default — Streamable HTTP first, falling back to
 * HTTP+SSE when the server refuses the first POST with 400, 404 or 405, as the specification's
 * backwards-compatibility section describes. The transport that worked is remembered, so a
 * re-open goes straight to it.
 *
 * <pre>{@code
 * Transport transport = HttpTransport.builder("https://mcp.example.com/mcp")
 *         .bearerTokenEnv("EXAMPLE_TOKEN")
 *         .header("X-Team", "tools")
 *         .build();
 * try (McpClient client = McpClient.builder(transport).name("example").connect()) { ... }
 * }</pre>
 *
 * <p>Each {@link #start} creates one HTTP client (HTTP/1.1, for {@code http} and {@code https} alike)
 * and uses it for everything until {@link #close}: re-initialising an expired session keeps it. Thread-safe. Requests are sent on
 * virtual threads, so {@link #send} never waits for a server's answer. {@link #close(Duration)}
 * returns within its budget whatever the server does: it deletes the session if the server
 * answers in half the budget, then aborts every exchange and stream. The transport is
 * {@linkplain Reopenable re-openable}: {@code start} after {@code close} opens a new client.
 * Header values, bearer tokens and session ids are never logged; {@link #describe()} shows the URL
 * without its query.
 *
 * <p>Its {@linkplain Transport#capability capabilities}: {@link HeaderMirroring} (the 2026-07-28
 * request headers), {@link HttpSessions} (the session id, the agreed revision), {@link Reopenable},
 * {@link TransportKind#HTTP}, and its {@link io.mcphost.auth.OAuthClient} when {@link Builder#oauth}
 * configured one.
 */
public final class HttpTransport implements Transport, HeaderMirroring, HttpSessions, Reopenable {

    /** Which HTTP transport to speak. */
    public enum Mode {
        /** Streamable HTTP, falling back to HTTP+SSE on 400, 404 or 405 for the first POST. */
        AUTO,
        /** Streamable HTTP only. */
        STREAMABLE_HTTP,
        /** The legacy HTTP+SSE transport of 2024-11-05 only. */
        SSE
    }

    private final HttpSettings settings;
    private final Mode mode;
    private final Duration closeTimeout;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile Mode working;
    private volatile HttpEngine engine;
    private HttpClient http;
    private Delivery delivery;

    private final io.mcphost.auth.OAuthClient oauth;

    private HttpTransport(Builder b, HttpSettings settings, io.mcphost.auth.OAuthClient oauth) {
        this.settings = settings;
        this.oauth = oauth;
        this.mode = b.mode;
        this.closeTimeout = b.closeTimeout;
        this.working = b.mode == Mode.AUTO ? null : b.mode;
    }

    /** A builder for a transport to {@code url} ({@code http} or {@code https}). */
    public static Builder builder(String url) {
        Objects.requireNonNull(url, "url");
        try {
            return builder(URI.create(url));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a valid URL: " + e.getMessage(), e);
        }
    }

    /** A builder for a transport to {@code endpoint} ({@code http} or {@code https}). */
    public static Builder builder(URI endpoint) {
        return new Builder(endpoint);
    }

    /**
     * The transport in use: {@link Mode#STREAMABLE_HTTP} or {@link Mode#SSE} once one has worked
     * (or was configured), {@link Mode#AUTO} before that.
     */
    public Mode activeMode() {
        Mode m = working;
        return m == null ? Mode.AUTO : m;
    }

    /**
     * The OAuth client of this transport when {@link Builder#oauth} configured one: it supplies the
     * bearer token of every request, and the client's authorisation stage runs its flow when the
     * server answers 401 (or 403 {@code insufficient_scope}).
     */
    public java.util.Optional<io.mcphost.auth.OAuthClient> oauth() {
        return java.util.Optional.ofNullable(oauth);
    }

    /** What it implements, its kind ({@link TransportKind#HTTP}) and its {@link io.mcphost.auth.OAuthClient} when configured. */
    @Override
    public <C> Optional<C> capability(Class<C> type) {
        if (type == io.mcphost.auth.OAuthClient.class) {
            return oauth().map(type::cast);
        }
        return type == TransportKind.class ? Optional.of(type.cast(TransportKind.HTTP)) : Transport.super.capability(type);
    }

    @Override
    public void start(InboundHandler inbound) {
        Objects.requireNonNull(inbound, "inbound");
        lock.lock();
        try {
            if (engine != null) {
                throw new IllegalStateException("the HTTP transport to " + describe() + " is already started");
            }
            http = settings.startClient();
            delivery = new Delivery(inbound);
            Mode m = working == null ? mode : working;
            if (m == Mode.SSE) {
                LegacySseEngine legacy = new LegacySseEngine(settings, delivery, http);
                engine = legacy;
                try {
                    try {
                        legacy.start();
                    } catch (McpTransportException e) {
                        // The SSE stream is opened here, not by a request: a 401 on it is authorised here, once.
                        if (!authorizeRefusedStart(e)) {
                            throw e;
                        }
                        legacy = new LegacySseEngine(settings, delivery, http);
                        engine = legacy;
                        legacy.start();
                    }
                } catch (McpTransportException e) {
                    engine = null;
                    HttpClients.stop(http);
                    throw e;
                }
            } else {
                engine = new StreamableHttpEngine(settings, delivery, http, m == Mode.AUTO ? this::fallBack : null);
            }
        } finally {
            lock.unlock();
        }
    }

    /** Runs the OAuth flow for a refused SSE stream (HTTP+SSE opens it before any request); false when it was not a refusal. */
    private boolean authorizeRefusedStart(McpTransportException failure) {
        if (oauth == null) {
            return false;
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof io.mcphost.transport.McpAuthorizationRequiredException refusal) {
                oauth.authorize(refusal.resourceMetadata(), refusal.scope().orElse(null), refusal.insufficientScope(),
                        oauth.generation(), true, !refusal.challenge().isEmpty());
                return true;
            }
        }
        return false;
    }

    /** The server refused our first POST with 400, 404 or 405: it may speak the 2024-11-05 transport. */
    private boolean fallBack(JsonRpcMessage message, int status) {
        lock.lock();
        try {
            if (!(engine instanceof StreamableHttpEngine streamable) || streamable.established()) {
                return false;
            }
            LegacySseEngine legacy = new LegacySseEngine(settings, delivery, http);
            try {
                legacy.start();
            } catch (McpTransportException e) {
                McpTransportException both = new McpTransportException(settings.name(), "the server answered the Streamable HTTP POST with HTTP "
                        + status + ", and the HTTP+SSE fallback failed too: " + e.detail(), e);
                if (message instanceof JsonRpcRequest request) {
                    delivery.requestFailed(request.id(), both);
                    return true;
                }
                return false;
            }
            engine = legacy;
            working = Mode.SSE;
        } finally {
            lock.unlock();
        }
        try {
            engine.send(message);
        } catch (McpTransportException e) {
            if (message instanceof JsonRpcRequest request) {
                delivery.requestFailed(request.id(), e);
            }
        }
        return true;
    }

    @Override
    public void send(JsonRpcMessage message) {
        HttpEngine current = engine;
        if (current == null) {
            throw new McpClosedException(settings.name(), "the HTTP transport to " + describe() + " is not open");
        }
        current.send(message);
    }

    @Override
    public void send(JsonRpcMessage message, Map<String, String> headers) {
        HttpEngine current = engine;
        if (current == null) {
            throw new McpClosedException(settings.name(), "the HTTP transport to " + describe() + " is not open");
        }
        if (headers.isEmpty()) {
            current.send(message);
        } else {
            current.send(message, headers);
        }
    }

    @Override
    public Optional<String> sessionId() {
        return engine instanceof StreamableHttpEngine streamable ? streamable.sessionId() : Optional.empty();
    }

    @Override
    public void handshakeCompleted(ProtocolVersion version) {
        HttpEngine current = engine;
        if (current == null) {
            return;
        }
        if (current instanceof StreamableHttpEngine && working == null) {
            working = Mode.STREAMABLE_HTTP;
        }
        current.handshakeCompleted(version);
    }

    @Override
    public void close(Duration budget) {
        HttpEngine current;
        HttpClient client;
        Delivery ending;
        lock.lock();
        try {
            current = engine;
            client = http;
            ending = delivery;
            engine = null;
            http = null;
        } finally {
            lock.unlock();
        }
        if (current == null) {
            return;
        }
        try {
            current.close(budget);
        } finally {
            HttpClients.stop(client);
            ending.closed(null);
        }
    }

    @Override
    public void close() {
        close(closeTimeout);
    }

    @Override
    public String describe() {
        return HttpErrors.safe(settings.endpoint());
    }

    @Override
    public String toString() {
        return "HttpTransport[" + describe() + ", " + activeMode() + "]";
    }

    /** Configures an {@link HttpTransport}. Not thread-safe; {@link #build()} may be called many times. */
    public static final class Builder {
        private final URI endpoint;
        private String name;
        private Mode mode = Mode.AUTO;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private String bearerEnv;
        private Duration connectTimeout = Duration.ofSeconds(10);
        private Duration closeTimeout = Duration.ofSeconds(2);
        private Duration defaultRetry = Duration.ofSeconds(1);
        private int maxMessageBytes = 16 * 1024 * 1024;
        private int maxReconnectAttempts = 5;
        private boolean listen = true;
        private SSLContext sslContext;
        private io.mcphost.auth.OAuthSettings oauthSettings;

        private Builder(URI endpoint) {
            this.endpoint = HttpChecks.endpoint(Objects.requireNonNull(endpoint, "endpoint"));
        }

        /** The server's name in errors and logs; defaults to the URL without its query. */
        public Builder name(String name) {
            this.name = Objects.requireNonNull(name, "name");
            return this;
        }

        /** Which transport to speak; {@link Mode#AUTO} unless set. */
        public Builder mode(Mode mode) {
            this.mode = Objects.requireNonNull(mode, "mode");
            return this;
        }

        /**
         * A header sent on every request (API keys, tenant ids). Its value is never logged.
         *
         * @throws IllegalArgumentException for a malformed name or value, or a header the transport sets itself
         */
        public Builder header(String name, String value) {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
            HttpChecks.header(name, value);
            headers.put(name, value);
            return this;
        }

        /** Sends {@code Authorization: Bearer <token>} on every request; the token is never logged. */
        public Builder bearerToken(String token) {
            Objects.requireNonNull(token, "token");
            if (token.isBlank()) {
                throw new IllegalArgumentException("the bearer token is empty");
            }
            return header("Authorization", "Bearer " + token.strip());
        }

        /**
         * Sends {@code Authorization: Bearer <token>} with the token read from environment variable
         * {@code variable} when the transport is built, so it never has to be written into a file.
         */
        public Builder bearerTokenEnv(String variable) {
            this.bearerEnv = Objects.requireNonNull(variable, "variable");
            return this;
        }

        /**
         * Authorises with OAuth 2.1 as the MCP authorization specification describes: when the server
         * answers 401, the client discovers its authorization server, obtains a token (asking the
         * user through {@code settings}' handler, or with client credentials) and sends the request
         * again; every request then carries the token, refreshed when it expires. Tokens are kept in
         * the settings' token store and never logged. Cannot be combined with a configured
         * {@code Authorization} header (that one wins).
         */
        public Builder oauth(io.mcphost.auth.OAuthSettings settings) {
            this.oauthSettings = Objects.requireNonNull(settings, "settings");
            return this;
        }

        /** Deadline to connect (and, for HTTP+SSE, to receive the endpoint event); 10 s unless set. */
        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = positive(timeout, "connectTimeout");
            return this;
        }

        /** Budget of {@link HttpTransport#close()}; 2 s unless set. */
        public Builder closeTimeout(Duration timeout) {
            this.closeTimeout = positive(timeout, "closeTimeout");
            return this;
        }

        /** Wait before resuming a dropped stream when the server sent no {@code retry}; 1 s unless set. */
        public Builder defaultRetry(Duration delay) {
            Objects.requireNonNull(delay, "delay");
            if (delay.isNegative()) {
                throw new IllegalArgumentException("defaultRetry must not be negative, got " + delay);
            }
            this.defaultRetry = delay;
            return this;
        }

        /** Largest JSON body or SSE event accepted; 16 MiB unless set. */
        public Builder maxMessageBytes(int max) {
            if (max < 1024) {
                throw new IllegalArgumentException("maxMessageBytes must be at least 1024, got " + max);
            }
            this.maxMessageBytes = max;
            return this;
        }

        /** Attempts to resume one dropped SSE stream, in a row, before giving up; 5 unless set. */
        public Builder maxReconnectAttempts(int attempts) {
            if (attempts < 0) {
                throw new IllegalArgumentException("maxReconnectAttempts must not be negative, got " + attempts);
            }
            this.maxReconnectAttempts = attempts;
            return this;
        }

        /** Whether to open the GET stream for messages the server sends on its own; true unless set. */
        public Builder listen(boolean listen) {
            this.listen = listen;
            return this;
        }

        /**
         * The TLS context of {@code https} connections (a private trust store, a client certificate);
         * the JDK's default context unless set. Host names are verified either way.
         */
        public Builder sslContext(SSLContext context) {
            this.sslContext = Objects.requireNonNull(context, "context");
            return this;
        }

        /**
         * Builds the transport. Does no I/O.
         *
         * @throws IllegalStateException    if the bearer token's environment variable is not set
         * @throws IllegalArgumentException if that variable holds a value HTTP does not allow in a header
         */
        public HttpTransport build() {
            Map<String, String> all = new LinkedHashMap<>(headers);
            if (bearerEnv != null) {
                String token = System.getenv(bearerEnv);
                if (token == null || token.isBlank()) {
                    throw new IllegalStateException("the environment variable " + bearerEnv
                            + " (the bearer token for " + HttpErrors.safe(endpoint) + ") is not set");
                }
                String value = "Bearer " + token.strip();
                try {
                    HttpChecks.value("Authorization", value);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("the bearer token in environment variable " + bearerEnv
                            + " is not a valid header value: " + e.getMessage(), e);
                }
                all.put("Authorization", value);
            }
            String serverName = name == null ? HttpErrors.safe(endpoint) : name;
            io.mcphost.auth.OAuthClient oauth = oauthSettings == null ? null
                    : io.mcphost.auth.OAuthClient.create(serverName, endpoint, oauthSettings);
            HttpSettings settings = new HttpSettings(serverName, endpoint, Map.copyOf(all), connectTimeout, maxMessageBytes,
                    maxReconnectAttempts, defaultRetry, listen, sslContext, oauth);
            return new HttpTransport(this, settings, oauth);
        }
    }
}
