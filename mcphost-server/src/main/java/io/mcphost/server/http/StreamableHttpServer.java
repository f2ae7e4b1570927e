package io.mcphost.server.http;

import static io.mcphost.protocol.internal.Settings.positive;

import io.mcphost.server.McpServer;
import io.mcphost.server.SealingKeys;
import io.mcphost.server.http.internal.Admission;
import io.mcphost.server.http.internal.HttpEndpoint;
import io.mcphost.server.http.internal.HttpServing;
import io.mcphost.server.http.internal.HttpSettings;
import io.mcphost.server.http.internal.Replication;
import io.mcphost.server.http.internal.Sessions;
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

/**
 * Serves an {@link McpServer} over the Streamable HTTP transport (spec 2025-11-25, basic/transports;
 * clients of 2025-03-26 and 2025-06-18 are served too), on Jetty's HTTP/1.1 server.
 *
 * <pre>{@code
 * StreamableHttpServer http = StreamableHttpServer.builder(server).port(8080).start();
 * URI endpoint = http.endpoint();   // http://127.0.0.1:8080/mcp
 * ...
 * http.close(Duration.ofSeconds(2));
 * }</pre>
 *
 * <p>Each {@code initialize} POSTed without an {@code Mcp-Session-Id} starts a session: a connection
 * of its own to the {@link McpServer} (as {@link McpServer#serve} gives), whose id the response
 * carries. Later requests must name it (400 without, 404 once it ended). A POST carrying a request
 * is answered by an SSE stream (the {@link ResponseMode#SSE default}) that carries the request's
 * progress and then its response, or by one JSON response. A GET opens the session's stream for
 * messages not tied to a request; one at a time, a second GET gets 409 Conflict while the first is
 * open. Every SSE event has an id unique in its session, and each stream keeps its last 1,000
 * events: a GET with {@code Last-Event-ID} resumes the stream that id belongs to (taking it over
 * from any connection still carrying it; an id no kept stream has opens a fresh GET stream). Server
 * messages not tied to a request go to the GET stream while a connection carries it, else to an
 * open request stream, else wait (at most 1,000, oldest dropped) for the next GET. DELETE ends a
 * session. Requests whose {@code Origin} is not allowed, or whose {@code Host} is not a loopback
 * name while bound to loopback, get 403 (DNS-rebinding protection).
 *
 * <p>Revision 2026-07-28 is served on the same endpoint without sessions: a POST whose body's
 * {@code _meta} declares a version, or whose {@code MCP-Protocol-Version} header is 2026-07-28, is
 * one stateless request. Its headers are checked against the body (HeaderMismatch, 400), refusals
 * get the status the spec gives them (400, or 404 for an unknown method), the answer is JSON or, from
 * the first notification it sends before its result, an SSE stream whose closing cancels the request;
 * a {@code subscriptions/listen} stream stays open until the client closes it or the server closes.
 *
 * <p>Thread-safe. Every exchange runs on its own virtual thread (a few platform threads accept and
 * select); a stream holds its thread until it ends. A connection that waits longer than the
 * {@linkplain Builder#idleTimeout idle timeout} on a read or write (a stalled body, a client that
 * stops reading its stream) is closed, and so is its stream's connection; request headers beyond
 * {@linkplain Builder#maxHeaderBytes their limit} get 431, bodies beyond
 * {@linkplain Builder#maxMessageBytes theirs} 413. Sessions unused for the
 * {@linkplain Builder#sessionIdleTimeout session idle timeout} are dropped. Optionally, requests need a
 * {@linkplain Builder#bearerTokens(Map) bearer token} or an {@linkplain Builder#oauth OAuth access
 * token} (401 without) and each client is
 * {@linkplain Builder#maxConcurrentRequestsPerClient limited} (429 beyond).
 *
 * <p>Plain {@code http} unless the builder is given a {@linkplain Builder#tls TLS context}: then the
 * same endpoint is served as {@code https} only, and {@link #endpoint()} says so.
 */
public final class StreamableHttpServer implements AutoCloseable {
    private final HttpServing serving;
    private final Sessions sessions;
    private final HttpEndpoint handler;
    private final Duration closeBudget;

    private StreamableHttpServer(HttpServing serving, Duration closeBudget) {
        this.serving = serving;
        this.sessions = serving.sessions();
        this.handler = serving.handler();
        this.closeBudget = closeBudget;
    }

    /** A builder serving {@code server} on 127.0.0.1, an ephemeral port, path {@code /mcp}. */
    public static Builder builder(McpServer server) {
        return new Builder(Objects.requireNonNull(server, "server"));
    }

    /**
     * The MCP endpoint's URL, with the port actually bound, for example {@code http://127.0.0.1:53211/mcp}
     * ({@code https} when served with {@linkplain Builder#tls TLS}).
     */
    public URI endpoint() {
        return serving.endpoint();
    }

    /** The ids of the live sessions, a snapshot. Never blocks. */
    public Set<String> sessionIds() {
        return sessions.ids();
    }

    /**
     * Ends one session as if it expired: its streams end, its connection to the {@link McpServer}
     * closes (running calls see {@code isCancelled()}) and later requests naming it get 404. Never
     * blocks on the network.
     *
     * @return whether the session was live
     */
    public boolean expireSession(String sessionId) {
        return sessions.expire(Objects.requireNonNull(sessionId, "sessionId"));
    }

    /** Ends every live session, as {@link #expireSession}; returns how many there were. */
    public int expireAllSessions() {
        return sessions.expireAll();
    }

    /** How many {@code initialize} requests started a session since this server started. */
    public long initializeCount() {
        return sessions.initializeCount();
    }

    /**
     * How many SSE responses are being written right now: request streams, GET streams and
     * 2026-07-28 streams (a {@code subscriptions/listen}, a request that sent a notification first),
     * each from its first byte until it ends. A JSON answer is no stream. For metrics; thread-safe,
     * never blocks, a moment's count.
     */
    public int openStreamCount() {
        return handler.openStreamCount();
    }

    /**
     * How many HTTP requests are being served now: admitted (authenticated, within the per-client rate) and
     * not yet answered, open streams included. For metrics and tests; thread-safe, never blocks, a moment's count.
     */
    public int activeRequestCount() {
        return handler.admittedCount();
    }

    /**
     * How many requests the {@linkplain Builder#maxConcurrentRequestsPerClient per-client limits}
     * (concurrency or rate) refused with {@code 429} since this server started; 0 without limits.
     * For metrics; thread-safe, never blocks, monotonic.
     */
    public long rateLimitedCount() {
        return handler.limitedCount();
    }

    /**
     * For tests of client resumption: abruptly ends every open SSE connection (of POSTs and GETs)
     * without ending its stream or its session. Messages for those streams are kept, and a GET with
     * {@code Last-Event-ID} receives them. Returns at once.
     *
     * @return how many connections were ended
     */
    public int dropStreams() {
        return sessions.dropStreams();
    }

    /** Whether {@link #close} was called. */
    public boolean isClosed() {
        return serving.isClosed();
    }

    /**
     * Stops accepting connections, ends every session and stream, and stops the HTTP server,
     * returning within {@code budget} whatever clients do (a client that stops reading has its
     * connection closed under it). Idempotent; a second call waits, within its own budget, for the first.
     */
    public void close(Duration budget) {
        serving.close(Objects.requireNonNull(budget, "budget"));
    }

    /**
     * Lets the requests running now finish before a {@link #close}, for a replica leaving a load
     * balancer's rotation: stops accepting connections (new requests go to other replicas), answers
     * each request still arriving on an open connection and closes that connection after it, and
     * waits at most {@code limit} until no request is running (listen and GET streams do not count;
     * {@link #close} ends them). Sessions, streams and the server stay as they are. Blocks the caller.
     *
     * @return whether every running request finished within {@code limit}
     */
    public boolean drain(Duration limit) {
        return serving.drain(Objects.requireNonNull(limit, "limit"));
    }

    /** Closes within the budget set by {@link Builder#closeBudget}, 5 seconds unless set. */
    @Override
    public void close() {
        close(closeBudget);
    }

    @Override
    public String toString() {
        return "StreamableHttpServer[" + serving.endpoint() + "]";
    }

    /** Configures a {@link StreamableHttpServer}. Not thread-safe; {@link #start()} may be called many times. */
    public static final class Builder {
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

        private Builder(McpServer server) {
            this.server = server;
        }

        /** The TCP port; 0 (the default) picks a free one, see {@link #endpoint()}. */
        public Builder port(int port) {
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
        public Builder bindAddress(InetAddress bindAddress) {
            this.bindAddress = Objects.requireNonNull(bindAddress, "bindAddress");
            return this;
        }

        /** The endpoint path, {@code /mcp} unless set. */
        public Builder path(String path) {
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
        public Builder allowedOrigins(Set<String> origins) {
            this.allowedOrigins = Optional.of(Set.copyOf(origins));
            return this;
        }

        /** How POSTs carrying requests are answered; {@link ResponseMode#SSE} unless set. */
        public Builder responseMode(ResponseMode responseMode) {
            this.responseMode = Objects.requireNonNull(responseMode, "responseMode");
            return this;
        }

        /**
         * How long a session may go unused (no request, no open stream, no request running) before it
         * is dropped; 10 minutes unless set. A dropped session's id then gets 404.
         */
        public Builder sessionIdleTimeout(Duration timeout) {
            this.sessionIdleTimeout = positive(timeout, "sessionIdleTimeout");
            return this;
        }

        /** The largest POST body accepted, 16 MiB unless set; larger ones get 413. */
        public Builder maxMessageBytes(int maxMessageBytes) {
            // The JDK cannot allocate an array of the very largest sizes.
            this.maxMessageBytes = Math.min(positive(maxMessageBytes, "maxMessageBytes"), Integer.MAX_VALUE - 8);
            return this;
        }

        /** The reconnection delay sent as the SSE {@code retry} field, 1 second unless set. */
        public Builder sseRetry(Duration retry) {
            this.sseRetry = positive(retry, "sseRetry");
            return this;
        }

        /** How many sessions may be live at once, 1,000 unless set; more initializes get 503. */
        public Builder maxSessions(int maxSessions) {
            this.maxSessions = positive(maxSessions, "maxSessions");
            return this;
        }

        /**
         * How long a connection may wait on the client, 30 seconds unless set: for the next request on
         * a kept-alive connection, for more of a request's headers or body, or for a write the client
         * does not read (a stream whose client stopped reading is closed after it). A request or stream
         * waiting on the server, with nothing to read or write, is not timed out by it.
         */
        public Builder idleTimeout(Duration timeout) {
            this.idleTimeout = positive(timeout, "idleTimeout");
            return this;
        }

        /** The largest request line plus headers accepted, 64 KiB unless set; larger ones get 431. */
        public Builder maxHeaderBytes(int maxHeaderBytes) {
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
        public Builder tls(SSLContext context) {
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
        public Builder sealedSessions(SealingKeys keys) {
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
        public Builder peerUrl(URI url) {
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
        public Builder peers(List<URI> urls) {
            this.peers = urls.stream().map(Replication::checkPeerUrl).toList();
            return this;
        }

        /** The budget of {@link StreamableHttpServer#close()}, 5 seconds unless set. */
        public Builder closeBudget(Duration budget) {
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
        public Builder bearerTokens(Set<String> tokens) {
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
        public Builder bearerTokens(Map<String, String> principalsByToken) {
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
        public Builder oauth(OAuthResourceServer resourceServer) {
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
        public Builder maxConcurrentRequestsPerClient(int max) {
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
        public Builder requestsPerSecondPerClient(double perSecond, int burst) {
            if (!(perSecond > 0) || Double.isInfinite(perSecond)) {
                throw new IllegalArgumentException("requestsPerSecondPerClient must be positive and finite, got " + perSecond);
            }
            this.requestsPerSecond = perSecond;
            this.burst = positive(burst, "burst");
            return this;
        }

        /** For tests: the per-client limits' clock, in {@link System#nanoTime()} units. */
        Builder clientLimitsClock(LongSupplier nanoTime) {
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
}
