package io.mcphost.testkit.oauth;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.mcphost.protocol.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A small OAuth 2.1 authorization server on loopback for tests of OAuth clients: RFC 8414
 * metadata, Dynamic Client Registration (RFC 7591), Client ID Metadata Documents (accepted
 * without fetching), pre-registered clients, the authorization endpoint (approves at once and
 * redirects with {@code code}, {@code state} and {@code iss}), and the token endpoint
 * (authorization code with PKCE S256 verified, refresh with rotation, client credentials),
 * client authentication {@code none}, {@code client_secret_basic} and {@code client_secret_post}.
 * Every request is recorded for assertions. Written for McpHost's tests (not a production
 * server): tokens are random strings kept in memory, or, with {@link #jwtAccessTokens(boolean)},
 * JWTs (RFC 9068 style, RS256) signed with a key generated at start whose public half is in the
 * JWKS at the metadata's {@code jwks_uri}; {@link #rotateKey()} replaces it. Thread-safe.
 */
public final class OAuthTestServer implements AutoCloseable {
    private static final SecureRandom RANDOM = new SecureRandom();

    /** An issued access token; {@code subject} is its {@code sub} (the user, or the client for client credentials). */
    public record Grant(String clientId, Set<String> scopes, String resource, Instant expiresAt, String subject) {
        /** A grant whose subject is its client. */
        public Grant(String clientId, Set<String> scopes, String resource, Instant expiresAt) {
            this(clientId, scopes, resource, expiresAt, clientId);
        }
    }

    /** A recorded request: the endpoint ({@code authorize}, {@code token}, {@code register}), its parameters and the Authorization header's scheme. */
    public record Request(String endpoint, Map<String, String> params, String authScheme) {
    }

    /** A registered client; {@code secret} is null for a public one. */
    record Client(String id, String secret) {
    }

    private final HttpServer http;
    private final String issuer;
    private final Map<String, Client> clients = new ConcurrentHashMap<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private volatile boolean registration = true;
    private volatile boolean cimd;
    private volatile List<String> scopesSupported;
    private volatile List<String> authMethods = List.of("none", "client_secret_basic", "client_secret_post");
    private volatile String authorizationEndpoint;
    private volatile String metadataIssuer;
    private volatile Optional<String> redirectIss;
    private final JwtSigner signer = new JwtSigner();
    private final TokenEndpoint tokenEndpoint;

    private OAuthTestServer() throws IOException {
        http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        issuer = "http://127.0.0.1:" + http.getAddress().getPort();
        tokenEndpoint = new TokenEndpoint(issuer, signer, clients, () -> cimd, requests);
        http.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        http.createContext("/", this::handle);
        http.start();
    }

    /** Starts a server on 127.0.0.1 and a free port. */
    public static OAuthTestServer start() {
        try {
            return new OAuthTestServer();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the OAuth test server", e);
        }
    }

    public String issuer() {
        return issuer;
    }

    /** Turns Dynamic Client Registration on (default) or off (no registration_endpoint). */
    public OAuthTestServer registration(boolean enabled) {
        this.registration = enabled;
        return this;
    }

    /** Advertises Client ID Metadata Document support. */
    public OAuthTestServer clientIdMetadataDocuments(boolean supported) {
        this.cimd = supported;
        return this;
    }

    /** The metadata's scopes_supported; absent unless set. */
    public OAuthTestServer scopesSupported(List<String> scopes) {
        this.scopesSupported = List.copyOf(scopes);
        return this;
    }

    public OAuthTestServer tokenEndpointAuthMethods(List<String> methods) {
        this.authMethods = List.copyOf(methods);
        return this;
    }

    /** Advertises this string as the authorization_endpoint (to test what a client refuses). */
    public OAuthTestServer authorizationEndpoint(String endpoint) {
        this.authorizationEndpoint = endpoint;
        return this;
    }

    /** Lifetime of access tokens (expires_in); one hour unless set. */
    public OAuthTestServer tokenLifetime(Duration lifetime) {
        tokenEndpoint.tokenLifetime(lifetime);
        return this;
    }

    public OAuthTestServer refreshTokens(boolean issue) {
        tokenEndpoint.refreshTokens(issue);
        return this;
    }

    /** Publishes {@code issuer} in the metadata instead of the real one (an attacker's document). */
    public OAuthTestServer metadataIssuer(String issuer) {
        this.metadataIssuer = issuer;
        return this;
    }

    /**
     * The {@code iss} of authorization responses (RFC 9207): {@code Optional.empty()} to omit it,
     * another value to play a mix-up; the real issuer unless set.
     */
    public OAuthTestServer redirectIss(Optional<String> iss) {
        this.redirectIss = iss;
        return this;
    }

    /** A pre-registered client (secret null for a public one). */
    public OAuthTestServer client(String id, String secret) {
        clients.put(id, new Client(id, secret));
        return this;
    }

    /**
     * Issues JWT access tokens (true) instead of opaque random strings (false, the default): RS256,
     * header {@code typ: at+jwt} and the current key's {@code kid}; claims {@code iss}, {@code sub}
     * (the {@linkplain #subject user}, or the client for client credentials), {@code aud} (the
     * requested {@code resource}, when one was), {@code client_id}, {@code scope}, {@code iat},
     * {@code exp} and {@code jti}. {@link #validate} knows them either way.
     */
    public OAuthTestServer jwtAccessTokens(boolean enabled) {
        tokenEndpoint.jwtAccessTokens(enabled);
        return this;
    }

    /** The {@code sub} of JWTs issued for an authorization code (the user who approved); {@code user-1} unless set. */
    public OAuthTestServer subject(String subject) {
        tokenEndpoint.subject(subject);
        return this;
    }

    /**
     * Replaces the signing key with a new one (a new {@code kid}): the JWKS publishes only the new
     * key from now on, and every token issued after this is signed with it.
     *
     * @return the new key's id
     */
    public String rotateKey() {
        return signer.rotate();
    }

    /** The id of the current signing key. */
    public String keyId() {
        return signer.kid();
    }

    /** {@code issuer + "/jwks"}: where the JWKS is. */
    public URI jwksUri() {
        return URI.create(issuer + "/jwks");
    }

    /**
     * The claims of an access token as this server would issue it, for tests to alter before
     * {@linkplain #sign signing} (an expired one, another audience or issuer): {@code iss}, {@code sub},
     * {@code aud} (if {@code resource} is not null), {@code client_id} (the subject), {@code scope}
     * (if any), {@code iat}, {@code exp} ({@code lifetime} from now, negative for an expired token)
     * and {@code jti}.
     */
    public ObjectNode claims(String subject, String resource, Set<String> scopes, Duration lifetime) {
        return tokenEndpoint.claims(subject, subject, resource, scopes, lifetime);
    }

    /** {@code claims} as a JWT signed (RS256) with the current key, its {@code kid} in the header. */
    public String sign(ObjectNode claims) {
        return signer.sign(claims);
    }

    /**
     * A valid JWT access token for {@code subject} at {@code resource}, as the token endpoint would
     * issue (whatever {@link #jwtAccessTokens} says), lasting {@code lifetime}; {@link #validate} knows it.
     */
    public String accessToken(String subject, String resource, Set<String> scopes, Duration lifetime) {
        String token = sign(claims(subject, resource, scopes, lifetime));
        tokenEndpoint.remember(token, new Grant(subject, Set.copyOf(scopes), resource, Instant.now().plus(lifetime)));
        return token;
    }

    /** The grant of a valid (known, unexpired) access token for {@code resource}. */
    public Optional<Grant> validate(String accessToken, String resource) {
        return tokenEndpoint.validate(accessToken, resource);
    }

    /** Forgets every access token (as after a server restart): the next request gets 401. */
    public void revokeAccessTokens() {
        tokenEndpoint.revokeAccessTokens();
    }

    public List<Request> requests() {
        return List.copyOf(requests);
    }

    public List<Request> requests(String endpoint) {
        return requests.stream().filter(r -> r.endpoint().equals(endpoint)).toList();
    }

    /** Every access and refresh token issued so far (to prove none appears where it must not). */
    public Set<String> issuedSecrets() {
        Set<String> all = tokenEndpoint.issuedTokens();
        clients.values().forEach(c -> {
            if (c.secret() != null) {
                all.add(c.secret());
            }
        });
        return all;
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            switch (path) {
                case "/.well-known/oauth-authorization-server" -> json(exchange, 200, metadata());
                case "/register" -> register(exchange);
                case "/authorize" -> authorize(exchange);
                case "/token" -> tokenEndpoint.handle(exchange);
                case "/jwks" -> {
                    requests.add(new Request("jwks", Map.of(), null));
                    ObjectNode set = Json.newObject();
                    set.putArray("keys").add(signer.jwk());
                    json(exchange, 200, set);
                }
                default -> json(exchange, 404, error("not_found", path));
            }
        } catch (RuntimeException e) {
            // A test server bug must show, not hang the client.
            json(exchange, 500, error("server_error", e.toString()));
        }
    }

    private ObjectNode metadata() {
        ObjectNode m = Json.newObject();
        m.put("issuer", metadataIssuer != null ? metadataIssuer : issuer);
        m.put("authorization_endpoint", authorizationEndpoint != null ? authorizationEndpoint : issuer + "/authorize");
        m.put("token_endpoint", issuer + "/token");
        m.put("jwks_uri", issuer + "/jwks");
        if (registration) {
            m.put("registration_endpoint", issuer + "/register");
        }
        m.putArray("response_types_supported").add("code");
        var grants = m.putArray("grant_types_supported");
        grants.add("authorization_code");
        grants.add("refresh_token");
        grants.add("client_credentials");
        m.putArray("code_challenge_methods_supported").add("S256");
        var methods = m.putArray("token_endpoint_auth_methods_supported");
        authMethods.forEach(methods::add);
        if (scopesSupported != null) {
            var s = m.putArray("scopes_supported");
            scopesSupported.forEach(s::add);
        }
        if (cimd) {
            m.put("client_id_metadata_document_supported", true);
        }
        m.put("authorization_response_iss_parameter_supported", true);
        return m;
    }

    private void register(HttpExchange exchange) throws IOException {
        JsonNode body = Json.parse(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        Map<String, String> params = new LinkedHashMap<>();
        body.properties().forEach(e -> params.put(e.getKey(), e.getValue().isString() ? e.getValue().asString() : e.getValue().toString()));
        requests.add(new Request("register", params, null));
        String method = params.getOrDefault("token_endpoint_auth_method", "client_secret_basic");
        String id = "client-" + random();
        String secret = method.equals("none") ? null : "secret-" + random();
        clients.put(id, new Client(id, secret));
        ObjectNode answer = Json.newObject();
        answer.put("client_id", id);
        if (secret != null) {
            answer.put("client_secret", secret);
        }
        answer.put("token_endpoint_auth_method", method);
        answer.set("redirect_uris", body.get("redirect_uris"));
        json(exchange, 201, answer);
    }

    private void authorize(HttpExchange exchange) throws IOException {
        Map<String, String> q = form(exchange.getRequestURI().getRawQuery());
        requests.add(new Request("authorize", q, null));
        String client = q.get("client_id");
        boolean known = client != null && (clients.containsKey(client) || cimd && client.startsWith("https://"));
        String redirect = q.get("redirect_uri");
        if (!known || redirect == null || !"S256".equals(q.get("code_challenge_method")) || q.get("code_challenge") == null) {
            json(exchange, 400, error("invalid_request", "unknown client, no redirect_uri or no PKCE S256"));
            return;
        }
        String code = random();
        tokenEndpoint.grantCode(code, new TokenEndpoint.Code(client, q.get("code_challenge"), redirect, q.get("resource"), scopes(q.get("scope"))));
        String location = redirect + (redirect.contains("?") ? "&" : "?") + "code=" + enc(code)
                + (q.get("state") == null ? "" : "&state=" + enc(q.get("state")))
                + (redirectIss == null ? "&iss=" + enc(issuer) : redirectIss.map(i -> "&iss=" + enc(i)).orElse(""));
        exchange.getResponseHeaders().set("Location", location);
        exchange.sendResponseHeaders(302, -1);
    }

    static Set<String> scopes(String scope) {
        Set<String> out = new LinkedHashSet<>();
        if (scope != null && !scope.isBlank()) {
            out.addAll(List.of(scope.strip().split("\\s+")));
        }
        return out;
    }

    static Map<String, String> form(String raw) {
        Map<String, String> out = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            out.put(URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8),
                    eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return out;
    }

    static String random() {
        byte[] bytes = new byte[18];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static String enc(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    static ObjectNode error(String code, String description) {
        ObjectNode e = Json.newObject();
        e.put("error", code);
        e.put("error_description", description);
        return e;
    }

    static void json(HttpExchange exchange, int status, ObjectNode body) throws IOException {
        byte[] bytes = Json.write(body).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    static byte[] readAll(InputStream in) throws IOException {
        return in.readAllBytes();
    }

    public URI uri() {
        return URI.create(issuer);
    }

    @Override
    public void close() {
        http.stop(0);
    }
}
