package io.mcphost.server.http.internal;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.server.http.OAuthResourceServer;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;

/**
 * Who may use the endpoint and how much: bearer authentication (401; 403 for a missing OAuth scope), then the per-client limits
 * (429 with {@code Retry-After}), checked before the request's body is read. A client is its principal
 * when authenticated, else its remote address. Immutable and thread-safe.
 */
public final class Admission {
    /** No authentication and no limits. */
    public static final Admission OPEN = new Admission(Optional.empty(), Optional.empty(), Optional.empty());

    private final Optional<BearerAuth> auth;
    private final Optional<ResourceServerAuth> oauth;
    private final Optional<ClientLimits> limits;
    /** Requests refused with 429 by the per-client limits, for operators' metrics. */
    private final java.util.concurrent.atomic.AtomicLong limited = new java.util.concurrent.atomic.AtomicLong();

    private Admission(Optional<BearerAuth> auth, Optional<ResourceServerAuth> oauth, Optional<ClientLimits> limits) {
        this.auth = auth;
        this.oauth = oauth;
        this.limits = limits;
    }

    /**
     * The admission a builder configured, its values already checked.
     *
     * @param principalsByToken accepted bearer tokens and their principals; empty for no authentication
     * @param maxConcurrent     counted requests per client at once; 0 for no limit
     * @param ratePerSecond     requests per second per client; 0 for no limit
     * @param burst             the rate limit's bucket size
     * @param nanoTime          the limits' clock
     * @param resourceServer    the endpoint as an OAuth resource server (static tokens are then accepted beside
     *                          its tokens); empty for none
     * @param path              the endpoint's path
     */
    public static Admission of(Map<String, String> principalsByToken, int maxConcurrent, double ratePerSecond,
                               int burst, LongSupplier nanoTime, Optional<OAuthResourceServer> resourceServer,
                               String path) {
        Optional<BearerAuth> auth = principalsByToken.isEmpty() ? Optional.empty()
                : Optional.of(new BearerAuth(principalsByToken));
        Optional<ResourceServerAuth> oauth = resourceServer.map(rs -> new ResourceServerAuth(rs, auth, path));
        Optional<ClientLimits> limits = maxConcurrent == 0 && ratePerSecond == 0 ? Optional.empty()
                : Optional.of(new ClientLimits(maxConcurrent, ratePerSecond, burst, nanoTime));
        return new Admission(auth, oauth, limits);
    }

    /** Tells the resource server its URL, once the port is bound; nothing without one. */
    public void bind(URI endpoint) {
        oauth.ifPresent(o -> o.bind(endpoint));
    }

    /** The resource server, when the endpoint is one: it serves its metadata beside the endpoint. */
    Optional<ResourceServerAuth> resourceServer() {
        return oauth;
    }

    private static final java.util.regex.Pattern TOKEN68 = java.util.regex.Pattern.compile("[A-Za-z0-9._~+/-]+=*");

    /**
     * The token, if it is RFC 6750 {@code b64token} text; the message never quotes it (it is a secret).
     *
     * @throws IllegalArgumentException otherwise
     */
    public static String checkToken(String token) {
        if (token == null || !TOKEN68.matcher(token).matches()) {
            throw new IllegalArgumentException("a bearer token must be RFC 6750 b64token text (letters, digits, "
                    + "-._~+/ then =s), with no spaces or line breaks");
        }
        return token;
    }

    /**
     * {@code principalsByToken} checked and copied: every token {@code b64token} text, every principal named.
     *
     * @throws IllegalArgumentException if the map is empty, a token is malformed or a principal blank
     */
    public static Map<String, String> checkPrincipals(Map<String, String> principalsByToken) {
        if (principalsByToken.isEmpty()) {
            throw new IllegalArgumentException("bearerTokens needs at least one token (leave it unset for none)");
        }
        principalsByToken.forEach((token, principal) -> {
            checkToken(token);
            if (principal == null || principal.isBlank()) {
                throw new IllegalArgumentException("every bearer token needs a non-blank principal name");
            }
        });
        return Map.copyOf(principalsByToken);
    }

    /** The principal a set-only token is known by: a short fingerprint of the token's digest. */
    public static String fingerprint(String token) {
        return BearerAuth.fingerprint(token);
    }

    /**
     * The caller of {@code exchange}, admitted, or empty when refused (the 401 or 429 is then sent):
     * authenticated, and within its rate. Its concurrency slot is taken later, by {@link #occupy}, once
     * the body says the POST runs a request: a GET, a DELETE, a listen stream and a notification never
     * hold one. (Taken here, before the body was read, a 2026-07-28 client's listen stream held a slot
     * until its body was parsed, and a call sent beside it could be refused.)
     */
    Optional<Caller> admit(Exchange exchange) throws IOException {
        Optional<io.mcphost.server.Caller> identity = Optional.empty();
        if (oauth.isPresent()) {
            identity = oauth.get().admit(exchange); // 401 or 403 sent when refused
            if (identity.isEmpty()) {
                return Optional.empty();
            }
        } else if (auth.isPresent()) {
            switch (auth.get().check(exchange.header("Authorization"))) {
                case BearerAuth.Outcome.Authenticated a ->
                        identity = Optional.of(new io.mcphost.server.Caller(a.principal(), Set.of(), Set.of()));
                case BearerAuth.Outcome.Missing m -> {
                    unauthorized(exchange, "Bearer", "unauthorized",
                            "this endpoint needs an Authorization: Bearer <token> header");
                    return Optional.empty();
                }
                case BearerAuth.Outcome.Invalid i -> {
                    unauthorized(exchange, "Bearer error=\"invalid_token\"", "invalid_token",
                            "the bearer token is not valid");
                    return Optional.empty();
                }
            }
        }
        Optional<String> principal = identity.map(io.mcphost.server.Caller::principal);
        if (limits.isEmpty()) {
            return Optional.of(new Caller(identity, null, null));
        }
        // A principal and an address never collide as keys: addresses have no "principal:" prefix.
        String key = principal.map(p -> "principal:" + p).orElseGet(exchange::remoteAddress);
        ClientLimits.Refusal refusal = limits.get().acquire(key, false);
        if (refusal != null) {
            tooMany(exchange, refusal);
            return Optional.empty();
        }
        return Optional.of(new Caller(identity, limits.get(), key));
    }

    /**
     * Takes a concurrency slot for the request {@code caller} POSTed, held until {@link Caller#release()};
     * false when the client has as many running as it may (the 429 is then sent). At most one per caller.
     */
    boolean occupy(Caller caller, Exchange exchange) throws IOException {
        if (caller.slotOf == null || caller.occupied.get()) {
            return true;
        }
        ClientLimits.Refusal refusal = caller.slotOf.acquireSlot(caller.key);
        if (refusal != null) {
            tooMany(exchange, refusal);
            return false;
        }
        caller.occupied.set(true);
        return true;
    }

    private void tooMany(Exchange exchange, ClientLimits.Refusal refusal) throws IOException {
        limited.incrementAndGet();
        exchange.setHeader("Retry-After", Long.toString(refusal.retryAfterSeconds()));
        Replies.closesConnection(exchange);
        Replies.error(exchange, 429, JsonRpcError.INTERNAL_ERROR, "Too Many Requests: " + refusal.reason());
    }

    /** How many requests the per-client limits refused (429) since this admission was made. */
    public long limitedCount() {
        return limited.get();
    }

    /** A 401 whose body is a small JSON object, not JSON-RPC: nothing of MCP is served before authentication. */
    private static void unauthorized(Exchange exchange, String challenge, String error, String description)
            throws IOException {
        exchange.setHeader("WWW-Authenticate", challenge);
        Replies.closesConnection(exchange);
        exchange.setHeader("Content-Type", Replies.JSON);
        exchange.respond(401, ("{\"error\":\"" + error + "\",\"error_description\":\"" + description + "\"}")
                .getBytes(StandardCharsets.UTF_8));
    }

    /**
     * An admitted request: its principal (when authenticated) and its concurrency slot, once
     * {@link #occupy} took one. {@link #release()} frees the slot; idempotent.
     */
    static final class Caller {
        private final Optional<io.mcphost.server.Caller> identity;
        private final ClientLimits slotOf;
        private final String key;
        private final AtomicBoolean occupied = new AtomicBoolean();
        private final AtomicBoolean released = new AtomicBoolean();

        private Caller(Optional<io.mcphost.server.Caller> identity, ClientLimits slotOf, String key) {
            this.identity = Objects.requireNonNull(identity);
            this.slotOf = slotOf;
            this.key = key;
        }

        Optional<String> principal() {
            return identity.map(io.mcphost.server.Caller::principal);
        }

        /** Who the request is from, for {@link io.mcphost.server.Caller#current()}; empty when unauthenticated. */
        Optional<io.mcphost.server.Caller> identity() {
            return identity;
        }

        void release() {
            if (slotOf != null && occupied.get() && released.compareAndSet(false, true)) {
                slotOf.release(key);
            }
        }
    }
}
