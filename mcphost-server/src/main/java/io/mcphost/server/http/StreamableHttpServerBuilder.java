package io.mcphost.server.http;

import static io.mcphost.protocol.internal.Settings.positive;

import io.mcphost.server.McpServer;
import io.mcphost.server.SealingKeys;
import io.mcphost.server.http.internal.Admission;
import io.mcphost.server.http.internal.HttpServing;
import io.mcphost.server.http.internal.HttpSettings;
import io.mcphost.server.http.internal.Replication;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import javax.net.ssl.SSLContext;

/** Configures a {@link StreamableHttpServer}. Not thread-safe; {@link #start()} may be called many times. */
public final class StreamableHttpServerBuilder {
    private final McpServer server;
    private InetAddress bindAddress = InetAddress.getLoopbackAddress();
    private int port;
    private String path = "/mcp";
    private Optional<Set<String>> allowedOrigins = Optional.empty();
    private ResponseMode responseMode = ResponseMode.SSE;
    private Duration sessionIdleTimeout = Duration.ofMinutes(10);
    private int maxMessageBytes = 16 * 1024 * 1024;
    private Duration sseRetry = Duration.ofSeconds(1);
    private int maxSessions = 1_000;
    private Duration closeBudget = Duration.ofSeconds(5);
    private Duration idleTimeout = Duration.ofSeconds(30);
    private int maxHeaderBytes = 64 * 1024;
    private SSLContext tls;
    private SealingKeys sealingKeys;
    private URI peerUrl;
    private List<URI> peers = List.of();

    StreamableHttpServerBuilder(McpServer server) {
        this.server = server;
    }

    /** The TCP port; 0 (the default) picks a free one, see {@link StreamableHttpServer#endpoint()}. */
    public StreamableHttpServerBuilder port(int port) {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be in 0..65535, got " + port);
        }
        this.port = port;
        return this;
    }

    /**
     * The address to listen on; the loopback address (127.0.0.1) unless set. The spec asks local
     * servers to bind to loopback only. While bound to loopback, the Host header must be a
     * loopback name.
     */
    public StreamableHttpServerBuilder bindAddress(InetAddress bindAddress) {
        this.bindAddress = Objects.requireNonNull(bindAddress, "bindAddress");
        return this;
    }

    /** The endpoint path, {@code /mcp} unless set. */
    public StreamableHttpServerBuilder path(String path) {
        Objects.requireNonNull(path, "path");
        if (!path.startsWith("/") || path.contains("?") || path.contains("#")) {
            throw new IllegalArgumentException("path must start with / and have no query or fragment, got " + path);
        }
        this.path = path;
        return this;
    }

    /**
     * The exact {@code Origin} values accepted (compared ignoring case), replacing the default:
     * http or https origins on localhost, 127.0.0.1 or [::1] with any port. Requests without an
     * Origin header (non-browser clients) are always accepted.
     */
    public StreamableHttpServerBuilder allowedOrigins(Set<String> origins) {
        this.allowedOrigins = Optional.of(Set.copyOf(origins));
        return this;
    }

    /** How POSTs carrying requests are answered; {@link ResponseMode#SSE} unless set. */
    public StreamableHttpServerBuilder responseMode(ResponseMode responseMode) {
        this.responseMode = Objects.requireNonNull(responseMode, "responseMode");
        return this;
    }

    /**
     * How long a session may go unused (no request, no open stream, no request running) before it
     * is dropped; 10 minutes unless set. A dropped session's id then gets 404.
     */
    public StreamableHttpServerBuilder sessionIdleTimeout(Duration timeout) {
        this.sessionIdleTimeout = positive(timeout, "sessionIdleTimeout");
        return this;
    }

    /** The largest POST body accepted, 16 MiB unless set; larger ones get 413. */
    public StreamableHttpServerBuilder maxMessageBytes(int maxMessageBytes) {
        // The JDK cannot allocate an array of the very largest sizes.
        this.maxMessageBytes = Math.min(positive(maxMessageBytes, "maxMessageBytes"), Integer.MAX_VALUE - 8);
        return this;
    }

    /** The reconnection delay sent as the SSE {@code retry} field, 1 second unless set. */
    public StreamableHttpServerBuilder sseRetry(Duration retry) {
        this.sseRetry = positive(retry, "sseRetry");
        return this;
    }

    /** How many sessions may be live at once, 1,000 unless set; more initializes get 503. */
    public StreamableHttpServerBuilder maxSessions(int maxSessions) {
        this.maxSessions = positive(maxSessions, "maxSessions");
        return this;
    }

    /**
     * How long a connection may wait on the client, 30 seconds unless set: for the next request on
     * a kept-alive connection, for more of a request's headers or body, or for a write the client
     * does not read (a stream whose client stopped reading is closed after it). A request or stream
     * waiting on the server, with nothing to read or write, is not timed out by it.
     */
    public StreamableHttpServerBuilder idleTimeout(Duration timeout) {
        this.idleTimeout = positive(timeout, "idleTimeout");
        return this;
    }

    /** The largest request line plus headers accepted, 64 KiB unless set; larger ones get 431. */
    public StreamableHttpServerBuilder maxHeaderBytes(int maxHeaderBytes) {
        this.maxHeaderBytes = positive(maxHeaderBytes, "maxHeaderBytes");
        return this;
    }

    /**
     * Serves {@code https} instead of {@code http}: every connection is TLS (1.2 or 1.3, as
     * {@code context} allows, less the protocols and cipher suites Jetty deems weak), with the key
     * and certificate {@code context}'s key managers choose; plain {@code http} requests to the
     * port fail their handshake. Clients must trust that certificate, and it must name the host
     * they connect to (for {@code 127.0.0.1}, an IP address entry). The context is typically
     * made from a PKCS12 key store:
     *
     * <pre>{@code
     * KeyStore store = KeyStore.getInstance("PKCS12");
     * store.load(in, password);
     * KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
     * keys.init(store, password);
     * SSLContext context = SSLContext.getInstance("TLS");
     * context.init(keys.getKeyManagers(), null, null);
     * }</pre>
     *
     * Plain {@code http} unless set; the TLS handshake's waits count against the
     * {@linkplain #idleTimeout idle timeout}.
     */
    public StreamableHttpServerBuilder tls(SSLContext context) {
        this.tls = Objects.requireNonNull(context, "context");
        return this;
    }

    /**
     * Lets replicas of this server behind a load balancer share its handshake-era sessions with no
     * shared store and no sticky sessions: each session id seals what its handshake agreed (the
     * revision, the client's capabilities, the principal that opened it) under {@code keys}
     * (AES-256-GCM; give the {@link McpServer} the same keys, {@link McpServer.Builder#sealingKeys},
     * for its 2026-07-28 input rounds), and a replica that gets a request naming a session it does
     * not hold takes it up from its id. A sealed id is accepted for 24 hours after its handshake.
     * Without {@link #peers}, {@code DELETE}, the idle timeout, subscriptions and the log level hold
     * on the replica that received them only. Off unless set: ids are then random and sessions live
     * in this process only.
     */
    public StreamableHttpServerBuilder sealedSessions(SealingKeys keys) {
        this.sealingKeys = Objects.requireNonNull(keys, "keys");
        return this;
    }

    /**
     * The URL at which the other replicas reach this one's endpoint (for example
     * {@code http://10.0.0.5:8080/mcp}), with {@link #sealedSessions}: the questions this replica
     * asks a client during a call (elicitation, sampling, roots) carry it, sealed, in their ids, and
     * a replica that receives the client's answer posts it here, where the call waits. Without it,
     * an answer the load balancer gives to another replica is dropped there. The endpoint's own URL
     * unless set, when bound to one address (not a wildcard one).
     */
    public StreamableHttpServerBuilder peerUrl(URI url) {
        this.peerUrl = Replication.checkPeerUrl(url);
        return this;
    }

    /**
     * The other replicas' endpoints, with {@link #sealedSessions}: a handshake-era client's
     * {@code resources/subscribe}, {@code resources/unsubscribe} and {@code logging/setLevel} are
     * passed to each before they are answered, a {@code DELETE} ends every copy of the session, and a
     * replica taking a session up asks them what the client chose there; so the client's GET stream
     * hears its updates at whichever replica it is. A URL whose host name resolves to several
     * addresses (a Kubernetes headless Service) stands for each; this replica's own is skipped.
     */
    public StreamableHttpServerBuilder peers(List<URI> urls) {
        this.peers = urls.stream().map(Replication::checkPeerUrl).toList();
        return this;
    }

    /** The budget of {@link StreamableHttpServer#close()}, 5 seconds unless set. */
    public StreamableHttpServerBuilder closeBudget(Duration budget) {
        this.closeBudget = positive(budget, "closeBudget");
        return this;
    }

    // ---- Authentication and per-client limits ----
    private Map<String, String> principalsByToken = Map.of();
    private OAuthResourceServer resourceServer;
    private int maxConcurrentPerClient;
    private double requestsPerSecond;
    private int burst;
    private LongSupplier limitsClock = System::nanoTime;

    /**
     * Requires every request to the endpoint to carry {@code Authorization: Bearer <token>} with one
     * of {@code tokens}; off (no authentication) unless set. Each token is a principal of its own,
     * named {@code token-} and 12 hex digits of the token's SHA-256 digest (never the token itself);
     * use {@link #bearerTokens(Map)} to name them.
     *
     * @throws IllegalArgumentException if {@code tokens} is empty or a token is not RFC 6750
     *                                  {@code b64token} text (letters, digits, {@code -._~+/}, then {@code =}s)
     * @see #bearerTokens(Map)
     */
    public StreamableHttpServerBuilder bearerTokens(Set<String> tokens) {
        Map<String, String> named = new HashMap<>();
        for (String token : tokens) {
            named.put(Admission.checkToken(token), Admission.fingerprint(token));
        }
        return bearerTokens(named);
    }

    /**
     * Requires every request to the endpoint to carry {@code Authorization: Bearer <token>} with one
     * of the keys of {@code principalsByToken}, and knows the caller by that token's principal (its
     * value, for example a team or an agent's name); off (no authentication) unless set. Replaces
     * tokens set before.
     *
     * <p>What a client sees: without a bearer token, every request gets {@code 401} with
     * {@code WWW-Authenticate: Bearer}; with a token that is not one of these, {@code 401} with
     * {@code WWW-Authenticate: Bearer error="invalid_token"} (RFC 6750). Either body is a small JSON
     * object ({@code {"error": ..., "error_description": ...}}), not JSON-RPC; nothing else of the
     * request is looked at. Tokens are compared in constant time and never logged. A session belongs
     * to the principal whose {@code initialize} started it: another principal naming its id gets
     * {@code 404}, as for an unknown session. The principal also keys the
     * {@linkplain #maxConcurrentRequestsPerClient per-client limits}.
     *
     * @throws IllegalArgumentException if the map is empty, a token is not RFC 6750 {@code b64token}
     *                                  text, or a principal is blank
     */
    public StreamableHttpServerBuilder bearerTokens(Map<String, String> principalsByToken) {
        this.principalsByToken = Admission.checkPrincipals(principalsByToken);
        return this;
    }

    /**
     * Makes the endpoint an OAuth 2.1 resource server (MCP basic/authorization): every request needs
     * an access token {@code resourceServer}'s authenticator accepts, its Protected Resource
     * Metadata is served at the endpoint's well-known URL, and refusals carry the challenges the
     * spec gives (see {@link OAuthResourceServer}). Off unless set. {@linkplain #bearerTokens(Map)
     * Static bearer tokens}, if set too, are accepted beside OAuth tokens and grant every scope.
     * The token's principal owns the sessions it opens (another principal gets {@code 404}) and
     * keys the {@linkplain #maxConcurrentRequestsPerClient per-client limits}.
     */
    public StreamableHttpServerBuilder oauth(OAuthResourceServer resourceServer) {
        this.resourceServer = Objects.requireNonNull(resourceServer, "resourceServer");
        return this;
    }

    /**
     * How many requests one client may have running at once; no limit unless set. A client is its
     * {@linkplain #bearerTokens(Map) principal} when the endpoint authenticates, else its remote IP
     * address (behind a reverse proxy every client shares the proxy's).
     *
     * <p>Counted: every POST (and DELETE) while it is being handled, including a request answered
     * by an SSE stream until that stream ends. Not counted: listen streams, which wait on the server
     * rather than make it work (a GET stream, and a 2026-07-28 {@code subscriptions/listen}, whose
     * slot is freed once it is recognised). What a client sees beyond the limit: {@code 429} with
     * {@code Retry-After: 1} and a JSON-RPC error body without an id; the request is not read nor
     * run, and other clients are not affected.
     *
     * @throws IllegalArgumentException if {@code max} is not positive
     */
    public StreamableHttpServerBuilder maxConcurrentRequestsPerClient(int max) {
        this.maxConcurrentPerClient = positive(max, "maxConcurrentRequestsPerClient");
        return this;
    }

    /**
     * How often one client (as for {@link #maxConcurrentRequestsPerClient}) may send requests: a
     * token bucket holding {@code burst} requests, refilled at {@code perSecond}; no limit unless
     * set. Every request to the endpoint takes one, GETs included. What a client sees beyond the
     * rate: {@code 429} with {@code Retry-After} the whole seconds until its next request would be
     * admitted (at least 1) and a JSON-RPC error body without an id; the request is not read nor
     * run, and other clients are not affected. A client idle long enough to refill its bucket is
     * forgotten, so memory is bounded by the clients active in the last {@code burst / perSecond}
     * seconds.
     *
     * @throws IllegalArgumentException if {@code perSecond} is not a positive finite number or
     *                                  {@code burst} is not positive
     */
    public StreamableHttpServerBuilder requestsPerSecondPerClient(double perSecond, int burst) {
        if (!(perSecond > 0) || Double.isInfinite(perSecond)) {
            throw new IllegalArgumentException("requestsPerSecondPerClient must be positive and finite, got " + perSecond);
        }
        this.requestsPerSecond = perSecond;
        this.burst = positive(burst, "burst");
        return this;
    }

    /** For tests: the per-client limits' clock, in {@link System#nanoTime()} units. */
    StreamableHttpServerBuilder clientLimitsClock(LongSupplier nanoTime) {
        this.limitsClock = Objects.requireNonNull(nanoTime, "nanoTime");
        return this;
    }

    private Admission admission() {
        return Admission.of(principalsByToken, maxConcurrentPerClient, requestsPerSecond, burst, limitsClock,
                Optional.ofNullable(resourceServer), path);
    }

    /**
     * Binds the port and starts serving. Returns once the endpoint accepts connections.
     *
     * @throws UncheckedIOException if the address cannot be bound (port in use, no such interface)
     */
    public StreamableHttpServer start() {
        HttpSettings settings = new HttpSettings(path, allowedOrigins, bindAddress.isLoopbackAddress(), responseMode,
                sessionIdleTimeout, maxMessageBytes, sseRetry, maxSessions, idleTimeout, maxHeaderBytes);
        return new StreamableHttpServer(HttpServing.start(server, settings, bindAddress, port, Optional.ofNullable(tls),
                admission(), Replication.of(Optional.ofNullable(sealingKeys), Optional.ofNullable(peerUrl), peers)), closeBudget);
    }
}
