package io.mcphost.testkit.oauth;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.mcphost.protocol.Json;
import io.mcphost.server.McpServer;
import io.mcphost.server.http.ResponseMode;
import io.mcphost.server.http.StreamableHttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An MCP server (our server toolkit, in JSON response mode) behind an OAuth resource server on
 * loopback, as a remote MCP server behind OAuth is: {@code /mcp} answers 401 with
 * {@code WWW-Authenticate: Bearer resource_metadata=…} until a request carries a token the
 * {@link OAuthTestServer} issued for this resource, and 403 {@code insufficient_scope} when a
 * method needs a scope the token lacks ({@link #requireScope}); the protected resource metadata
 * (RFC 9728) is at the path-aware well-known URL. Forwards everything else to the MCP server,
 * never the token. Counts what it refused. Thread-safe.
 */
public final class ProtectedMcpServer implements AutoCloseable {
    private final StreamableHttpServer upstream;
    private final HttpServer http;
    private final HttpClient forward = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final String base;
    private final Map<String, String> scopeByMethod = new ConcurrentHashMap<>();
    private final AtomicInteger unauthorized = new AtomicInteger();
    private final AtomicInteger forbidden = new AtomicInteger();
    private final AtomicInteger authorized = new AtomicInteger();
    private volatile Supplier<OAuthTestServer> authorizationServer;
    private volatile List<String> scopesSupported;
    private volatile String resourceOverride;

    private ProtectedMcpServer(McpServer server, OAuthTestServer as) throws IOException {
        this.authorizationServer = () -> as;
        this.upstream = StreamableHttpServer.builder(server).responseMode(ResponseMode.JSON).start();
        this.http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        this.base = "http://127.0.0.1:" + http.getAddress().getPort();
        http.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        http.createContext("/", this::handle);
        http.start();
    }

    /** Starts {@code server} behind a resource server that trusts {@code as}. */
    public static ProtectedMcpServer start(McpServer server, OAuthTestServer as) {
        try {
            return new ProtectedMcpServer(server, as);
        } catch (IOException e) {
            throw new IllegalStateException("cannot start the protected MCP server", e);
        }
    }

    /** {@code http://127.0.0.1:<port>/mcp}. */
    public URI endpoint() {
        return URI.create(base + "/mcp");
    }

    /** The resource identifier of the protected resource metadata: the endpoint. */
    public String resource() {
        return base + "/mcp";
    }

    /** Requests of JSON-RPC {@code method} need {@code scope} (403 insufficient_scope without it). */
    public ProtectedMcpServer requireScope(String method, String scope) {
        scopeByMethod.put(method, scope);
        return this;
    }

    /** The protected resource metadata's scopes_supported; absent unless set. */
    public ProtectedMcpServer scopesSupported(List<String> scopes) {
        this.scopesSupported = List.copyOf(scopes);
        return this;
    }

    /** Publishes {@code resource} in the protected resource metadata instead of this server (a mismatch). */
    public ProtectedMcpServer metadataResource(String resource) {
        this.resourceOverride = resource;
        return this;
    }

    /** Names another authorization server from now on (a migration): its tokens are the only ones accepted. */
    public void switchAuthorizationServer(OAuthTestServer as) {
        this.authorizationServer = () -> as;
    }

    public int unauthorizedCount() {
        return unauthorized.get();
    }

    public int forbiddenCount() {
        return forbidden.get();
    }

    public int authorizedCount() {
        return authorized.get();
    }

    private String metadataUrl() {
        return base + "/.well-known/oauth-protected-resource/mcp";
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            if (path.equals("/.well-known/oauth-protected-resource/mcp")) {
                ObjectNode prm = Json.newObject();
                prm.put("resource", resourceOverride != null ? resourceOverride : resource());
                prm.putArray("authorization_servers").add(authorizationServer.get().issuer());
                if (scopesSupported != null) {
                    var s = prm.putArray("scopes_supported");
                    scopesSupported.forEach(s::add);
                }
                OAuthTestServer.json(exchange, 200, prm);
                return;
            }
            if (!path.equals("/mcp")) {
                OAuthTestServer.json(exchange, 404, Json.newObject());
                return;
            }
            byte[] body = exchange.getRequestBody().readAllBytes();
            String header = exchange.getRequestHeaders().getFirst("Authorization");
            String token = header != null && header.startsWith("Bearer ") ? header.substring(7) : null;
            Optional<OAuthTestServer.Grant> grant = authorizationServer.get().validate(token, resource());
            if (grant.isEmpty()) {
                unauthorized.incrementAndGet();
                challenge(exchange, 401, "Bearer resource_metadata=\"" + metadataUrl() + "\"");
                return;
            }
            String needed = scopeByMethod.get(method(body));
            if (needed != null && !grant.get().scopes().contains(needed)) {
                forbidden.incrementAndGet();
                challenge(exchange, 403, "Bearer error=\"insufficient_scope\", scope=\"" + needed
                        + "\", resource_metadata=\"" + metadataUrl() + "\"");
                return;
            }
            authorized.incrementAndGet();
            if (exchange.getRequestMethod().equals("GET")) {
                exchange.sendResponseHeaders(405, -1); // no listening stream through this proxy
                return;
            }
            proxy(exchange, body);
        }
    }

    private static String method(byte[] body) {
        try {
            JsonNode node = Json.parse(new String(body, StandardCharsets.UTF_8));
            JsonNode method = node.get("method");
            return method != null && method.isString() ? method.asString() : "";
        } catch (RuntimeException e) {
            return "";
        }
    }

    private static void challenge(HttpExchange exchange, int status, String value) throws IOException {
        exchange.getResponseHeaders().set("WWW-Authenticate", value);
        OAuthTestServer.json(exchange, status, Json.newObject().put("error", status == 401 ? "invalid_token" : "insufficient_scope"));
    }

    private void proxy(HttpExchange exchange, byte[] body) throws IOException {
        io.mcphost.testkit.HttpRelay.relay(exchange, body, upstream.endpoint(), forward);
    }

    @Override
    public void close() {
        http.stop(0);
        upstream.close();
        forward.shutdownNow();
    }
}
