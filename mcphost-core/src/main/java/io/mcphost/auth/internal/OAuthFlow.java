package io.mcphost.auth.internal;

import io.mcphost.auth.ClientRegistration;
import io.mcphost.auth.McpAuthorizationException;
import io.mcphost.auth.OAuthSettings;
import io.mcphost.auth.StoredTokens;
import io.mcphost.auth.TokenStore;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The OAuth 2.1 client of one MCP server: holds the current token, refreshes it, and runs the
 * authorization (discovery, client identity, authorization code with PKCE or client credentials,
 * token request) when the server refuses a request. One flow at a time per server; a request
 * that met a refusal after someone else already replaced the token just retries.
 *
 * <p>Tokens, secrets, codes and verifiers never reach a log line or an exception message.
 */
public final class OAuthFlow {
    private static final Logger LOG = LoggerFactory.getLogger(OAuthFlow.class);
    private static final long EXPIRY_SKEW_SECONDS = 30;
    /** The longest token lifetime believed: ten years (a refresh happens long before; the number just stays representable). */
    static final long MAX_LIFETIME_SECONDS = 10L * 365 * 24 * 3600;

    /** What {@link #authorize} did. */
    public enum Outcome { REFRESHED, AUTHORIZED, ALREADY_REPLACED }

    private final String server;
    private final URI endpoint;
    private final OAuthSettings settings;
    private final TokenStore store;
    private final OAuthHttp http;
    private final Discovery discovery;
    private final ReentrantLock lock = new ReentrantLock();
    private final AtomicLong generation = new AtomicLong();
    private final Set<String> requested = new LinkedHashSet<>();
    private volatile StoredTokens current;
    private volatile boolean loaded;
    private volatile Discovery.Found found;
    /** The DPoP key, made when an authorization server offers DPoP (RFC 9449); then tokens are bound to it. */
    private volatile DpopKey dpop;
    private volatile boolean dpopBound;
    private volatile String authorizationServerNonce;
    private volatile String resourceNonce;

    public OAuthFlow(String server, URI endpoint, OAuthSettings settings) {
        this.server = server;
        this.endpoint = endpoint;
        this.settings = settings;
        this.store = settings.tokenStore();
        this.http = new OAuthHttp(server, settings.requestTimeout());
        this.discovery = new Discovery(server, endpoint, http, settings.allowPrivateNetwork());
    }

    /** Changes whenever the token does; a refusal met under an older generation needs no new flow. */
    public long generation() {
        return generation.get();
    }

    /** Whether a token is being obtained right now (an authorisation, a refresh): the flow's lock is held. */
    public boolean isAuthorizing() {
        return lock.isLocked();
    }

    public Optional<StoredTokens> tokens() {
        loadOnce();
        return Optional.ofNullable(current);
    }

    /**
     * The token for the next request: the stored one, refreshed first when it has expired and can be
     * refreshed. Null when there is none yet (the server's 401 then starts the flow). May block for
     * one refresh request.
     */
    public String accessToken() {
        loadOnce();
        StoredTokens tokens = current;
        if (tokens != null && tokens.expired(EXPIRY_SKEW_SECONDS) && tokens.refreshToken() != null
                && tokens.tokenEndpoint() != null && lock.tryLock()) {
            try {
                if (current == tokens) {
                    refresh(tokens, found);
                }
            } catch (RuntimeException e) {
                LOG.debug("server '{}': refreshing the expired token failed: {}", server, e.getMessage());
            } finally {
                lock.unlock();
            }
            tokens = current;
        }
        return tokens == null ? null : tokens.accessToken();
    }

    /**
     * Obtains a new token after the server refused one: refreshes when {@code allowRefresh} and a
     * refresh token exists (not for a step-up, which needs more scopes), else runs the whole
     * authorization. Blocking; run it on a virtual thread.
     *
     * @param resourceMetadata the challenge's {@code resource_metadata}
     * @param challengedScope  the challenge's {@code scope}, or null
     * @param stepUp           403 {@code insufficient_scope}
     * @param seen             the {@link #generation()} the refused request was sent under
     * @param challenged       whether the refusal carried a Bearer or DPoP challenge
     * @throws McpAuthorizationException when no token could be obtained
     */
    public Outcome authorize(Optional<String> resourceMetadata, String challengedScope, boolean stepUp, long seen,
                             boolean allowRefresh, boolean challenged) {
        lock.lock();
        try {
            if (generation.get() != seen) {
                return Outcome.ALREADY_REPLACED;
            }
            Discovery.Found f = discovery.discover(resourceMetadata, challenged);
            found = f;
            if (dpop == null && f.supports("dpop_signing_alg_values_supported", "ES256")) {
                dpop = new DpopKey();
            }
            if (!stepUp && allowRefresh) {
                StoredTokens stored = current != null && current.issuer().equals(f.issuer()) && current.resource().equals(f.resource())
                        ? current : store.load(f.issuer(), f.resource()).orElse(null);
                if (stored != null && stored.refreshToken() != null) {
                    try {
                        refresh(stored, f);
                        return Outcome.REFRESHED;
                    } catch (McpAuthorizationException e) {
                        LOG.info("server '{}': the refresh token was refused ({}); authorising again", server, e.detail());
                    }
                }
            }
            switch (settings.grant()) {
                case CLIENT_CREDENTIALS -> clientCredentials(f, scopes(f, challengedScope));
                case JWT_BEARER, ENTERPRISE_MANAGED -> Assertions.jwtBearer(this, f, scopes(f, challengedScope));
                case AUTHORIZATION_CODE -> TokenRequests.authorizationCode(this, f, scopes(f, challengedScope));
            }
            return Outcome.AUTHORIZED;
        } finally {
            lock.unlock();
        }
    }

    /** Forgets every token of this server (all issuers) and the registration of the last issuer used. */
    public void logout() {
        lock.lock();
        try {
            for (StoredTokens t : store.list()) {
                if (discovery.matches(t.resource())) {
                    store.remove(t.issuer(), t.resource());
                }
            }
            current = null;
            loaded = true;
            requested.clear();
            generation.incrementAndGet();
        } finally {
            lock.unlock();
        }
    }

    /** The {@code Authorization} header value for the next request ({@code Bearer …} or {@code DPoP …}), or null. */
    public String authorizationHeader() {
        String token = accessToken();
        return token == null ? null : (dpopBound ? "DPoP " : "Bearer ") + token;
    }

    /** The DPoP proof for a request carrying {@code authorization}, or null when the token is not DPoP-bound. */
    public String proof(String method, URI uri, String authorization) {
        DpopKey key = dpop;
        if (key == null || authorization == null || !authorization.startsWith("DPoP ")) {
            return null;
        }
        return key.proof(method, uri, authorization.substring(5), resourceNonce);
    }

    /** The resource server asked for a DPoP nonce (RFC 9449 section 9): used by the next proofs. Returns whether it changed. */
    public boolean resourceNonce(String nonce) {
        if (dpop == null || nonce == null || nonce.equals(resourceNonce)) {
            return false;
        }
        resourceNonce = nonce;
        return true;
    }

    /** A token request, with a DPoP proof when DPoP is in use, retried once with the nonce the server asks for. */
    OAuthHttp.Answer token(URI endpoint, Map<String, String> form, Map<String, String> headers) {
        OAuthHttp.Answer answer = null;
        for (int attempt = 0; attempt < 2; attempt++) {
            Map<String, String> h = new LinkedHashMap<>(headers);
            DpopKey key = dpop;
            if (key != null) {
                h.put("DPoP", key.proof("POST", endpoint, null, authorizationServerNonce));
            }
            answer = http.postForm(endpoint, form, h);
            if (key == null || answer.ok() || !"use_dpop_nonce".equals(answer.text("error")) || answer.dpopNonce() == null) {
                return answer;
            }
            authorizationServerNonce = answer.dpopNonce();
        }
        return answer;
    }

    // ---- pieces used by TokenRequests ----------------------------------------------------------------

    String server() {
        return server;
    }

    OAuthSettings settings() {
        return settings;
    }

    TokenStore store() {
        return store;
    }

    OAuthHttp http() {
        return http;
    }

    /** Installs and stores a token response's tokens. */
    void install(Discovery.Found f, OAuthHttp.Answer answer, String scope, String previousRefresh) {
        String access = answer.text("access_token");
        if (access == null || access.isBlank()) {
            throw new McpAuthorizationException(server, "the token endpoint of " + f.issuer() + " answered without an access_token");
        }
        String type = answer.text("token_type");
        boolean bound = dpop != null && "DPoP".equalsIgnoreCase(type);
        if (type != null && !type.equalsIgnoreCase("Bearer") && !bound) {
            throw new McpAuthorizationException(server, "the token endpoint issued a '" + type
                    + "' token; only Bearer and DPoP tokens are supported");
        }
        Instant expires = null;
        if (answer.body().get("expires_in") instanceof tools.jackson.databind.JsonNode e && e.isNumber()) {
            expires = expiresAt(Instant.now(), e.decimalValue());
        }
        String refresh = answer.text("refresh_token");
        StoredTokens tokens = new StoredTokens(f.issuer(), f.resource(), access, refresh != null ? refresh : previousRefresh,
                expires, scope, f.tokenEndpoint().toString());
        if (!bound) { // a DPoP-bound token is useless without the key, which lives in memory only
            try {
                store.save(tokens);
            } catch (RuntimeException e) {
                LOG.warn("server '{}': could not store the tokens ({}); they last until exit", server, e.getMessage());
            }
        }
        dpopBound = bound;
        current = tokens;
        loaded = true;
        generation.incrementAndGet();
        LOG.info("server '{}': authorised by {}{}{}", server, f.issuer(), scope == null ? "" : " (scope " + scope + ")",
                expires == null ? "" : ", token valid until " + expires);
    }

    /**
     * When a token given {@code expiresIn} seconds at {@code now} expires: a negative lifetime is one that has
     * ended, and one beyond {@link #MAX_LIFETIME_SECONDS} counts as that long. A server's {@code expires_in}
     * of 1e30 or 9223372036854775807 is a number like any other, but no {@link Instant} so far ahead exists.
     */
    static Instant expiresAt(Instant now, java.math.BigDecimal expiresIn) {
        long seconds = expiresIn.signum() <= 0 ? 0
                : expiresIn.compareTo(java.math.BigDecimal.valueOf(MAX_LIFETIME_SECONDS)) >= 0 ? MAX_LIFETIME_SECONDS
                : expiresIn.longValue();
        return now.plusSeconds(seconds);
    }

    /**
     * The scopes to ask for: the configured ones; else the challenge's; else the protected resource's
     * {@code scopes_supported}; united with what was asked before (a re-authorisation keeps earlier
     * grants); {@code offline_access} added when the authorization server offers it. Null for none.
     */
    String scopes(Discovery.Found f, String challenged) {
        List<String> chosen = new ArrayList<>();
        if (!settings.scopes().isEmpty()) {
            chosen.addAll(settings.scopes());
        } else if (challenged != null && !challenged.isBlank()) {
            chosen.addAll(List.of(challenged.strip().split("\\s+")));
        } else {
            chosen.addAll(f.scopesSupported());
        }
        Set<String> union = new LinkedHashSet<>(requested);
        union.addAll(chosen);
        if (union.isEmpty()) {
            return null;
        }
        if (settings.offlineAccess() && settings.grant() == OAuthSettings.Grant.AUTHORIZATION_CODE
                && f.supports("scopes_supported", "offline_access")) {
            union.add("offline_access");
        }
        requested.clear();
        requested.addAll(union);
        return String.join(" ", union);
    }

    /** The identity for a token request, without registering (refresh, client credentials). */
    Identity knownIdentity(Discovery.Found f, String redirectUri) {
        Optional<String> id = settings.clientId();
        if (id.isPresent()) {
            if (settings.clientIssuer().isPresent() && f != null && !settings.clientIssuer().get().equals(f.issuer())) {
                throw new McpAuthorizationException(server, "the configured client id belongs to the authorization server "
                        + settings.clientIssuer().get() + ", but the server now names " + f.issuer()
                        + "; credentials are never sent to another authorization server (reconfigure the client)");
            }
            String secret = settings.clientSecret().orElse(null);
            return new Identity(id.get(), secret, method(f, secret, null), settings.privateKeyPem().orElse(null),
                    settings.signingAlgorithm(), redirectUri);
        }
        if (settings.clientMetadataUrl().isPresent() && f != null && f.flag("client_id_metadata_document_supported")) {
            return new Identity(settings.clientMetadataUrl().get().toString(), null, "none", null, null, redirectUri);
        }
        if (f != null) {
            Optional<ClientRegistration> registered = store.registration(f.issuer());
            if (registered.isPresent()) {
                ClientRegistration r = registered.get();
                return new Identity(r.clientId(), r.clientSecret(), r.authMethod(), null, null, r.redirectUri());
            }
        }
        return null;
    }

    /** The token endpoint auth method: configured, else what the registration said, else the best the server offers. */
    String method(Discovery.Found f, String secret, String registered) {
        if (settings.tokenEndpointAuthMethod().isPresent()) {
            return settings.tokenEndpointAuthMethod().get();
        }
        if (settings.privateKeyPem().isPresent()) {
            return "private_key_jwt";
        }
        if (registered != null) {
            return registered;
        }
        if (secret == null) {
            return "none";
        }
        List<String> supported = f == null ? List.of() : f.list("token_endpoint_auth_methods_supported");
        if (supported.isEmpty() || supported.contains("client_secret_basic")) {
            return "client_secret_basic"; // RFC 8414: the default when the server lists none
        }
        if (supported.contains("client_secret_post")) {
            return "client_secret_post";
        }
        return supported.contains("none") ? "none" : "client_secret_basic";
    }

    private void refresh(StoredTokens tokens, Discovery.Found f) {
        Identity identity = knownIdentity(f, null);
        if (identity == null) {
            throw new McpAuthorizationException(server, "no client identity to refresh the token with");
        }
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "refresh_token");
        form.put("refresh_token", tokens.refreshToken());
        form.put("resource", tokens.resource());
        Map<String, String> headers = new LinkedHashMap<>();
        identity.apply(form, headers, tokens.issuer());
        URI tokenEndpoint = f != null ? f.tokenEndpoint() : URI.create(tokens.tokenEndpoint());
        OAuthHttp.Answer answer = token(tokenEndpoint, form, headers);
        if (!answer.ok()) {
            throw new McpAuthorizationException(server, "refreshing the token failed: " + answer.error());
        }
        Discovery.Found where = f != null ? f : new Discovery.Found(tokens.resource(), List.of(), tokens.issuer(),
                io.mcphost.protocol.Json.newObject(), null, tokenEndpoint, null, false);
        install(where, answer, tokens.scope(), tokens.refreshToken());
    }

    /** The scopes for a grant without a user: never offline_access (no refresh token is wanted). */
    static String withoutOfflineAccess(String scope) {
        if (scope == null) {
            return null;
        }
        String stripped = (" " + scope + " ").replace(" offline_access ", " ").strip();
        return stripped.isEmpty() ? null : stripped;
    }

    private void clientCredentials(Discovery.Found f, String scope) {
        Identity identity = knownIdentity(f, null);
        if (identity == null) {
            throw new McpAuthorizationException(server, "the client credentials grant needs a configured client id");
        }
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "client_credentials");
        form.put("resource", f.resource());
        form.put("scope", withoutOfflineAccess(scope));
        Map<String, String> headers = new LinkedHashMap<>();
        identity.apply(form, headers, f.issuer());
        OAuthHttp.Answer answer = token(f.tokenEndpoint(), form, headers);
        if (!answer.ok()) {
            throw new McpAuthorizationException(server, "the client credentials token request to " + Urls.safe(f.tokenEndpoint())
                    + " was refused: " + answer.error());
        }
        install(f, answer, form.get("scope"), null);
    }

    private void loadOnce() {
        if (loaded) {
            return;
        }
        lock.lock();
        try {
            if (!loaded) {
                StoredTokens best = null;
                try {
                    for (StoredTokens t : store.list()) {
                        if (discovery.matches(t.resource()) && (best == null || later(t, best))) {
                            best = t;
                        }
                    }
                } catch (RuntimeException e) {
                    LOG.warn("server '{}': the token store could not be read: {}", server, e.getMessage());
                }
                current = best;
                if (best != null && best.scope() != null) {
                    requested.addAll(List.of(best.scope().split("\\s+")));
                }
                loaded = true;
            }
        } finally {
            lock.unlock();
        }
    }

    private static boolean later(StoredTokens a, StoredTokens b) {
        return a.expiresAt() != null && (b.expiresAt() == null || a.expiresAt().isAfter(b.expiresAt()));
    }

}
