package io.mcphost.gateway;

import io.mcphost.gateway.internal.GatewayAssembly;
import io.mcphost.gateway.internal.GatewaySettings;
import io.mcphost.host.McpHost;
import io.mcphost.host.McpHostBuilder;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.server.McpServer;
import io.mcphost.server.SealingKeys;
import io.mcphost.server.ServerRequestObserver;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.server.http.StreamableHttpServerBuilder;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Configures an {@link McpGateway} ({@link McpGateway#builder}). Not thread-safe; only {@link #start()}
 * does I/O, and it may be called again for another gateway with the same settings.
 */
public final class McpGatewayBuilder {
    private final McpHost host;
    private Implementation info = Implementation.of("mcphost-gateway", "0.1.0");
    private InetSocketAddress httpAddress;
    private String path = "/mcp";
    private InputStream stdin;
    private OutputStream stdout;
    private Set<String> bearerTokens = Set.of();
    private Map<String, String> principalsByToken = Map.of();
    private GatewayPolicy policy;
    private final List<Consumer<AuditEvent>> auditListeners = new ArrayList<>();
    private String groupsClaim = "groups";
    private URI oauthIssuer;
    private URI oauthResource;
    private URI oauthJwks;
    private Set<String> oauthScopes = Set.of();
    private Set<String> allowedOrigins;
    private Integer maxMessageBytes;
    private int maxSessions = 10_000;
    private int maxConcurrentPerClient = 64;
    private double ratePerClient = 200;
    private int burstPerClient = 400;
    private boolean closeHost;
    private InetSocketAddress adminAddress;
    private String adminToken;
    private ServerRequestObserver observer;
    private SealingKeys sealingKeys;
    private URI peerUrl;
    private List<URI> peers = List.of();

    McpGatewayBuilder(McpHost host) {
        this.host = Objects.requireNonNull(host, "host");
    }

    /** The name and version the gateway reports to its clients; {@code mcphost-gateway} 0.1.0 unless set. */
    public McpGatewayBuilder serverInfo(String name, String version) {
        this.info = Implementation.of(name, version);
        return this;
    }

    /**
     * Serves Streamable HTTP on {@code address} (port 0 picks a free one). A non-loopback address
     * needs {@link #bearerTokens}: {@link #start()} refuses it otherwise.
     */
    public McpGatewayBuilder http(InetSocketAddress address) {
        this.httpAddress = Objects.requireNonNull(address, "address");
        return this;
    }

    /** The HTTP endpoint's path; {@code /mcp} unless set. */
    public McpGatewayBuilder path(String path) {
        this.path = Objects.requireNonNull(path, "path");
        return this;
    }

    /** Serves one client over these streams (newline-delimited JSON-RPC), for example the process's stdin and stdout. */
    public McpGatewayBuilder stdio(InputStream in, OutputStream out) {
        this.stdin = Objects.requireNonNull(in, "in");
        this.stdout = Objects.requireNonNull(out, "out");
        return this;
    }

    /**
     * The bearer tokens HTTP clients must present ({@code Authorization: Bearer ...}); none unless
     * set, which is allowed only while HTTP binds a loopback address.
     */
    public McpGatewayBuilder bearerTokens(Set<String> tokens) {
        this.bearerTokens = Set.copyOf(tokens);
        return this;
    }

    /**
     * Bearer tokens with the principal each stands for ({@code token -> principal}), as
     * {@link #bearerTokens(Set)} otherwise: the principal owns its sessions, keys the per-client
     * limits and is what a {@link #policy} rule's {@code subjects} name. Replaces tokens set before.
     */
    public McpGatewayBuilder bearerTokens(Map<String, String> principalsByToken) {
        this.principalsByToken = Map.copyOf(principalsByToken);
        this.bearerTokens = Set.copyOf(principalsByToken.keySet());
        return this;
    }

    /**
     * Which servers, tools, prompts and resources each principal may see and use (see
     * {@link GatewayPolicy}): entries a principal may not use are left out of its lists and
     * answered as unknown names when it calls, reads or gets them, in both eras; each use is an
     * {@link AuditEvent} ({@link #onAudit}). The principal is a bearer token's (see
     * {@link #bearerTokens(Map)}) or an OAuth token's, with the token's scopes and its
     * {@linkplain #oauthGroupsClaim group claim}; a request with none (stdio, loopback HTTP without
     * authentication) gets only what rules naming no subject, group or scope grant. Everything for
     * everyone unless set.
     */
    public McpGatewayBuilder policy(GatewayPolicy policy) {
        this.policy = Objects.requireNonNull(policy, "policy");
        return this;
    }

    /**
     * Hears every {@link AuditEvent} of the {@link #policy}, on the request's thread (so it must
     * not block); they are also logged on {@code io.mcphost.gateway.audit} (denials at INFO, allows
     * at DEBUG). May be called more than once.
     */
    public McpGatewayBuilder onAudit(Consumer<AuditEvent> listener) {
        this.auditListeners.add(Objects.requireNonNull(listener, "listener"));
        return this;
    }

    /**
     * The OAuth access token claim whose values are the principal's groups for the {@link #policy}
     * (a string, space-separated, or an array of strings); {@code groups} unless set.
     */
    public McpGatewayBuilder oauthGroupsClaim(String claim) {
        if (claim == null || claim.isBlank()) {
            throw new IllegalArgumentException("the groups claim needs a name");
        }
        this.groupsClaim = claim;
        return this;
    }

    /**
     * Makes the gateway an OAuth 2.1 resource server (MCP basic/authorization) for the authorization
     * server {@code issuer}: every HTTP request needs a JWT access token it issued, checked by its
     * signature against the keys in its metadata's {@code jwks_uri} (refetched when it rotates its
     * key, at most every 30 seconds for an unknown key id), with {@code iss} equal to
     * {@code issuer}, {@code aud} naming the {@linkplain #oauthResource gateway's resource},
     * {@code exp} and {@code nbf} (60 seconds of leeway), an asymmetric algorithm, and the
     * {@linkplain #oauthRequiredScopes required scopes}. The Protected Resource Metadata (RFC 9728)
     * is served at the endpoint's well-known URL (for {@code /mcp}:
     * {@code /.well-known/oauth-protected-resource/mcp}); a request without a token gets 401 with
     * {@code WWW-Authenticate: Bearer resource_metadata="…"}, a refused token 401
     * {@code error="invalid_token"}, a token lacking a scope 403 {@code error="insufficient_scope"}.
     * The principal is the token's {@code sub} (else its {@code client_id}); a session belongs to
     * the principal that opened it. {@linkplain #bearerTokens Bearer tokens}, if set too, are
     * accepted beside OAuth tokens. Off unless set.
     *
     * @param issuer the issuer identifier, https (or http on a loopback host), exactly as in its tokens
     */
    public McpGatewayBuilder oauthIssuer(URI issuer) {
        this.oauthIssuer = Objects.requireNonNull(issuer, "issuer");
        return this;
    }

    /**
     * The gateway's resource identifier (RFC 8707), which access tokens must name in {@code aud}
     * and the metadata publishes: the URL clients use, for example
     * {@code https://mcp.example.com/mcp}. The endpoint's own URL unless set, which is right only
     * when clients reach the gateway at exactly that URL (not behind a proxy, not on a wildcard
     * address, where it must be set).
     */
    public McpGatewayBuilder oauthResource(URI resource) {
        this.oauthResource = Objects.requireNonNull(resource, "resource");
        return this;
    }

    /** Scopes every request's access token must grant (403 {@code insufficient_scope} without); none unless set. */
    public McpGatewayBuilder oauthRequiredScopes(Set<String> scopes) {
        this.oauthScopes = Set.copyOf(scopes);
        return this;
    }

    /** Where the issuer's keys (a JWK set) are, when its metadata has no {@code jwks_uri}; from the metadata unless set. */
    public McpGatewayBuilder oauthJwksUri(URI jwks) {
        this.oauthJwks = Objects.requireNonNull(jwks, "jwks");
        return this;
    }

    /** The exact {@code Origin} values HTTP accepts; local origins unless set (see {@link StreamableHttpServerBuilder#allowedOrigins}). */
    public McpGatewayBuilder allowedOrigins(Set<String> origins) {
        this.allowedOrigins = Set.copyOf(origins);
        return this;
    }

    /** The largest request body HTTP accepts, in bytes (413 beyond it); the toolkit's default unless set. */
    public McpGatewayBuilder maxMessageBytes(int bytes) {
        this.maxMessageBytes = bytes;
        return this;
    }

    /**
     * How many handshake-era sessions may be live at once over HTTP (2026-07-28 clients hold none);
     * 10,000 unless set, more {@code initialize}s get 503. Idle sessions end after ten minutes.
     */
    public McpGatewayBuilder maxSessions(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("maxSessions must be at least 1, not " + max);
        }
        this.maxSessions = max;
        return this;
    }

    /**
     * How many requests one HTTP client may have running at once (the client is its bearer token's
     * principal, else its address); beyond it a request gets 429 with {@code Retry-After}. 64 unless set.
     */
    public McpGatewayBuilder maxConcurrentRequestsPerClient(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("maxConcurrentRequestsPerClient must be at least 1, not " + max);
        }
        this.maxConcurrentPerClient = max;
        return this;
    }

    /**
     * The request rate one HTTP client may keep up ({@code perSecond}, with bursts of {@code burst});
     * beyond it a request gets 429 with {@code Retry-After}. 200 per second, bursts of 400, unless set.
     */
    public McpGatewayBuilder requestsPerSecondPerClient(double perSecond, int burst) {
        if (!(perSecond > 0) || burst < 1) {
            throw new IllegalArgumentException("the rate must be positive and the burst at least 1");
        }
        this.ratePerClient = perSecond;
        this.burstPerClient = burst;
        return this;
    }

    /**
     * Serves the admin endpoint on {@code address} (port 0 picks a free one; see
     * {@link McpGateway#adminEndpoint()}), apart from the MCP endpoint: {@code GET /healthz} is 200
     * {@code ok} while the gateway runs; {@code GET /readyz} is 200 once every
     * {@linkplain io.mcphost.host.ServerStatus#required() required} upstream is READY (servers the
     * host deferred are left out: they start with the first client), else 503 with a text body
     * naming those that are not, and 503 once closing began; {@code GET /metrics} is the
     * gateway's metrics in the Prometheus text format; {@code GET /} (or {@code /status}) is an
     * HTML status page for people, refreshing itself every 5 s ({@code ?refresh=N} seconds, 0 for
     * never): each upstream's state, era, transport, tools, calls and last error, a "Sign in" link
     * for one in {@link io.mcphost.host.ServerState#AUTH_REQUIRED AUTH_REQUIRED} (with a host
     * {@linkplain io.mcphost.host.McpHostBuilder#authorization authorization handler}), the
     * catalog's counts and name collisions, and the live counters. A non-loopback address needs
     * {@link #adminToken}: {@link #start()} refuses it otherwise. None unless set.
     */
    public McpGatewayBuilder adminHttp(InetSocketAddress address) {
        this.adminAddress = Objects.requireNonNull(address, "address");
        return this;
    }

    /**
     * The bearer token every request to the admin endpoint must carry ({@code Authorization:
     * Bearer ...}, 401 otherwise; compared in constant time, never logged); none unless set, which
     * is allowed only while the admin endpoint binds a loopback address. A browser, which cannot
     * send the header, opens the status page once as {@code /status?token=<token>}: it gets an
     * {@code HttpOnly}, {@code SameSite=Strict} cookie (a random value, not the token, valid until
     * the gateway stops) that stands for the token on every admin path, and is sent on to the page
     * without the token in its URL.
     *
     * @throws IllegalArgumentException if the token is not RFC 6750 {@code b64token} text
     */
    public McpGatewayBuilder adminToken(String token) {
        if (token == null || !token.matches("[A-Za-z0-9._~+/-]+=*")) {
            throw new IllegalArgumentException("the admin token must be RFC 6750 b64token text (letters, digits,"
                    + " -._~+/ then =s), with no spaces or line breaks");
        }
        this.adminToken = token;
        return this;
    }

    /**
     * Watches every downstream request around its handler, as {@link McpServer.Builder#observer} does
     * for a toolkit server: for tracing, {@code mcphost-otel}'s {@code McpTelemetry.serverObserver()},
     * which gives each request a SERVER span continuing the {@code traceparent} in its {@code _meta}
     * and current while the request is forwarded, so that a host instrumented with the same
     * telemetry ({@code McpHostBuilder.observer}) makes its upstream call a child span and sends
     * that context upstream. None unless set.
     */
    public McpGatewayBuilder observer(ServerRequestObserver observer) {
        this.observer = Objects.requireNonNull(observer, "observer");
        return this;
    }

    /**
     * Runs this gateway as one of several replicas behind a load balancer (plain round robin, no
     * sticky sessions, no shared store): every replica is given the same {@code keys}. A
     * handshake-era client's session id then seals its session (revision, capabilities, principal)
     * and any replica takes it up; 2026-07-28 input rounds continue at any replica; an answer to a
     * question one replica asked reaches it through the others (see {@link #peerUrl}); with
     * {@link #peers}, so do a client's subscriptions. Each replica has its own upstream connections.
     * Off unless set.
     */
    public McpGatewayBuilder sealingKeys(SealingKeys keys) {
        this.sealingKeys = Objects.requireNonNull(keys, "keys");
        return this;
    }

    /** Where the other replicas reach this one, with {@link #sealingKeys}; see {@link StreamableHttpServerBuilder#peerUrl}. */
    public McpGatewayBuilder peerUrl(URI url) {
        this.peerUrl = Objects.requireNonNull(url, "url");
        return this;
    }

    /**
     * The other replicas' endpoints, with {@link #sealingKeys}: a handshake-era client's
     * subscriptions, log level and {@code DELETE} then hold at every replica (each subscribes at its
     * own upstream); see {@link StreamableHttpServerBuilder#peers}.
     */
    public McpGatewayBuilder peers(List<URI> urls) {
        this.peers = List.copyOf(urls);
        return this;
    }

    /** Whether {@link McpGateway#close} closes the host too; off unless set (the application owns its host). */
    public McpGatewayBuilder closeHost(boolean close) {
        this.closeHost = close;
        return this;
    }

    /**
     * Starts serving: HTTP once its port is bound, stdio at once.
     *
     * @throws IllegalStateException if neither HTTP nor stdio is set, HTTP binds a non-loopback
     *                               address without bearer tokens or OAuth, or OAuth binds a wildcard
     *                               address without {@link #oauthResource}
     * @throws IllegalArgumentException if the OAuth issuer or JWKS URL is neither https nor http on loopback
     * @throws java.io.UncheckedIOException if the HTTP address cannot be bound
     */
    public McpGateway start() {
        GatewaySettings settings = new GatewaySettings(host, info, Optional.ofNullable(httpAddress), path,
                Optional.ofNullable(stdin), Optional.ofNullable(stdout), bearerTokens, principalsByToken,
                Optional.ofNullable(policy), auditListeners, groupsClaim, Optional.ofNullable(oauthIssuer),
                Optional.ofNullable(oauthResource), Optional.ofNullable(oauthJwks), oauthScopes,
                Optional.ofNullable(allowedOrigins), maxMessageBytes == null ? OptionalInt.empty()
                : OptionalInt.of(maxMessageBytes), maxSessions, maxConcurrentPerClient, ratePerClient, burstPerClient,
                closeHost, Optional.ofNullable(adminAddress), Optional.ofNullable(adminToken),
                Optional.ofNullable(observer), Optional.ofNullable(sealingKeys), Optional.ofNullable(peerUrl), peers);
        AtomicBoolean closed = new AtomicBoolean();
        GatewayAssembly.Parts parts = GatewayAssembly.start(settings, () -> !closed.get());
        return new McpGateway(settings.host(), settings.closeHost(), parts, closed);
    }
}
