package io.mcphost.gateway.internal;

import io.mcphost.host.McpHost;
import io.mcphost.host.ServerState;
import io.mcphost.host.ServerStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.eclipse.jetty.http.HttpCookie;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The gateway's admin endpoint, on a port of its own so that probes and scrapes never compete with
 * MCP traffic and are never exposed where {@code /mcp} is: {@code GET /healthz} (200 {@code ok} while
 * the process serves), {@code GET /readyz} (200 when every required upstream is READY, 503 naming
 * those that are not), {@code GET /metrics} ({@link GatewayMetrics} in the Prometheus text
 * format) and {@code GET /} or {@code /status}, the HTML {@link StatusPage}. On loopback, a request
 * whose {@code Host} is not a loopback name gets 403 (DNS rebinding). With a token, every request
 * needs {@code Authorization: Bearer <token>} (401 otherwise) or the session cookie the status page
 * sets: a browser opens {@code /status?token=<token>} once, and gets the cookie ({@code HttpOnly},
 * {@code SameSite=Strict}, valid until this endpoint stops) and a redirect to the page without the
 * token in its URL. Tokens and cookies are compared in constant time and never logged.
 * Thread-safe; requests are answered on a small pool of Jetty's threads and never wait on an upstream.
 */
public final class AdminServer implements AutoCloseable {
    private static final String TEXT = "text/plain; charset=utf-8";
    private static final String HTML = "text/html; charset=utf-8";
    /** The status page's sign-in parameter and the cookie it sets; see {@link #start}. */
    static final String TOKEN_PARAMETER = "token";
    static final String SESSION_COOKIE = "mcphost_admin";

    private final Server server;
    private final URI base;

    private AdminServer(Server server, URI base) {
        this.server = server;
        this.base = base;
    }

    /**
     * Binds {@code address} and serves; returns once it accepts connections.
     *
     * @param serving whether the gateway still serves (readiness with no required upstream)
     * @param token   the bearer token every request needs, if any
     * @throws UncheckedIOException if the address cannot be bound
     */
    public static AdminServer start(InetSocketAddress address, McpHost host, GatewayMetrics metrics,
                                    BooleanSupplier serving, Optional<String> token) {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(metrics, "metrics");
        // Probes and scrapes, a few a second at most: one acceptor, one selector and a few handlers.
        QueuedThreadPool threads = new QueuedThreadPool(8, 1);
        threads.setName("mcphost-gateway-admin");
        threads.setReservedThreads(0);
        Server server = new Server(threads);
        HttpConfiguration config = new HttpConfiguration();
        config.setSendServerVersion(false);
        ServerConnector connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(config));
        connector.setHost(address.getAddress().getHostAddress());
        connector.setPort(address.getPort());
        server.addConnector(connector);
        byte[] expected = token.map(t -> ("Bearer " + t).getBytes(StandardCharsets.UTF_8)).orElse(null);
        // A browser cannot send Authorization: the status page takes the token once in ?token= and
        // answers with a cookie. Its value is random, made for this endpoint's life, so the token itself
        // never sits in a browser's cookie jar, and a restart signs every browser out.
        byte[] session = token.isPresent() ? newSessionValue() : null;
        boolean loopback = address.getAddress().isLoopbackAddress();
        server.setHandler(new Handler.Abstract() { // on a pool thread: a scrape reads the host's statuses
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                if (loopback && !loopbackHost(request.getHeaders().get(HttpHeader.HOST))) {
                    reply(response, callback, 403, TEXT, "forbidden: the Host header must name this machine\n");
                    return true;
                }
                String path = Request.getPathInContext(request);
                boolean page = path.equals("/") || path.equals("/status");
                Fields query = null;
                if (page) {
                    try {
                        query = Request.extractQueryParameters(request);
                    } catch (RuntimeException e) { // bad %-escapes or charset: the client's error, not ours
                        reply(response, callback, 400, TEXT, "bad request: the query string cannot be decoded\n");
                        return true;
                    }
                }
                if (expected != null && !authorized(request.getHeaders().get(HttpHeader.AUTHORIZATION), expected)
                        && !hasSession(request, session)) {
                    String offered = page ? query.getValue(TOKEN_PARAMETER) : null;
                    if (offered != null && request.getMethod().equals("GET") && MessageDigest.isEqual(
                            ("Bearer " + offered.strip()).getBytes(StandardCharsets.UTF_8), expected)) {
                        // Signed in: the cookie, and the same page again without the token in its URL (so
                        // that it leaves the address bar and is not bookmarked or shared with the page).
                        response.getHeaders().put(HttpHeader.SET_COOKIE, SESSION_COOKIE + "="
                                + new String(session, StandardCharsets.US_ASCII) + "; Path=/; HttpOnly; SameSite=Strict");
                        response.getHeaders().put(HttpHeader.LOCATION, withoutToken(path, query));
                        reply(response, callback, 303, TEXT, "signed in\n");
                        return true;
                    }
                    response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, "Bearer");
                    reply(response, callback, 401, TEXT, page
                            ? "unauthorized: open this page once as /status?token=<admin token> (it then sets a cookie),"
                                    + " or send Authorization: Bearer <token>\n"
                            : "unauthorized: this endpoint needs Authorization: Bearer <token>\n");
                    return true;
                }
                if (!page && !Set.of("/healthz", "/readyz", "/metrics").contains(path)) {
                    reply(response, callback, 404, TEXT,
                            "not found: /status, /healthz, /readyz and /metrics are served here\n");
                } else if (!request.getMethod().equals("GET")) {
                    response.getHeaders().put(HttpHeader.ALLOW, "GET");
                    reply(response, callback, 405, TEXT, "method not allowed\n");
                } else if (page) {
                    String html = StatusPage.render(host, metrics.counts(), serving.getAsBoolean(),
                            StatusPage.refresh(Optional.ofNullable(query.getValue("refresh"))), Instant.now());
                    reply(response, callback, 200, HTML, html);
                } else if (path.equals("/healthz")) {
                    reply(response, callback, 200, TEXT, "ok\n");
                } else if (path.equals("/readyz")) {
                    List<String> waiting = notReady(host);
                    if (!serving.getAsBoolean()) {
                        reply(response, callback, 503, TEXT, "not ready: the gateway is closing\n");
                    } else if (waiting.isEmpty()) {
                        reply(response, callback, 200, TEXT, "ready\n");
                    } else {
                        reply(response, callback, 503, TEXT, "not ready: " + String.join(", ", waiting) + "\n");
                    }
                } else {
                    reply(response, callback, 200, metrics.contentType(), metrics.scrape());
                }
                return true;
            }
        });
        try {
            server.start();
        } catch (Exception e) {
            try {
                server.stop();
            } catch (Exception suppressed) {
                e.addSuppressed(suppressed);
            }
            String where = address.getAddress().getHostAddress() + ":" + address.getPort();
            throw new UncheckedIOException(e instanceof IOException io ? io : new IOException("cannot listen on " + where, e));
        }
        String host0 = address.getAddress() instanceof java.net.Inet6Address
                ? "[" + address.getAddress().getHostAddress() + "]" : address.getAddress().getHostAddress();
        return new AdminServer(server, URI.create("http://" + host0 + ":" + connector.getLocalPort() + "/"));
    }

    /**
     * The required upstreams that are not READY, as {@code name (STATE)}. A required server the host
     * deferred ({@code startOnly}) is left out: it starts when the first client comes, which an
     * unready gateway would never see.
     */
    static List<String> notReady(McpHost host) {
        List<String> deferred = host.deferredServers();
        return host.servers().stream()
                .filter(s -> s.required() && s.state() != ServerState.READY && !deferred.contains(s.name()))
                .map(s -> s.name() + " (" + s.state() + ")")
                .toList();
    }

    /**
     * DNS rebinding: a web page whose host name was re-pointed at 127.0.0.1 could read the metrics as
     * its own origin, but its requests still name its host; on loopback only loopback names pass
     * (with any port), as on the MCP endpoint. A request without Host (HTTP/1.0) is no browser's.
     */
    static boolean loopbackHost(String header) {
        if (header == null) {
            return true;
        }
        String host = header.strip().toLowerCase(java.util.Locale.ROOT);
        int end = host.startsWith("[") ? host.indexOf(']') + 1 : host.indexOf(':');
        host = end <= 0 ? host : host.substring(0, end);
        return host.equals("localhost") || host.equals("127.0.0.1") || host.equals("[::1]");
    }

    /** Compared in constant time: the token is a secret. */
    private static boolean authorized(String header, byte[] expected) {
        return header != null && MessageDigest.isEqual(header.strip().getBytes(StandardCharsets.UTF_8), expected);
    }

    /** 32 random bytes, base64url: a cookie value no one can guess. */
    private static byte[] newSessionValue() {
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        return Base64.getUrlEncoder().withoutPadding().encode(random);
    }

    /** Whether the request carries this endpoint's session cookie (compared in constant time, as the token). */
    private static boolean hasSession(Request request, byte[] session) {
        if (session == null) {
            return false;
        }
        for (HttpCookie cookie : Request.getCookies(request)) {
            if (cookie.getName().equals(SESSION_COOKIE)
                    && MessageDigest.isEqual(cookie.getValue().getBytes(StandardCharsets.US_ASCII), session)) {
                return true;
            }
        }
        return false;
    }

    /** {@code path} with the query's other parameters, for the redirect after signing in. */
    private static String withoutToken(String path, Fields query) {
        StringBuilder location = new StringBuilder(path);
        char separator = '?';
        for (Fields.Field field : query) {
            if (field.getName().equals(TOKEN_PARAMETER)) {
                continue;
            }
            for (String value : field.getValues()) {
                location.append(separator).append(URLEncoder.encode(field.getName(), StandardCharsets.UTF_8))
                        .append('=').append(URLEncoder.encode(value, StandardCharsets.UTF_8));
                separator = '&';
            }
        }
        return location.toString();
    }

    private static void reply(Response response, Callback callback, int status, String type, String body) {
        reply(response, callback, status, type, body.getBytes(StandardCharsets.UTF_8));
    }

    private static void reply(Response response, Callback callback, int status, String type, byte[] body) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, type);
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        // For the status page above all (see StatusPage), harmless on text: nothing runs, nothing frames
        // it, no type is guessed, and following a link (Sign in) tells the other site nothing of this URL.
        response.getHeaders().put("Content-Security-Policy", StatusPage.CONTENT_SECURITY_POLICY);
        response.getHeaders().put("X-Content-Type-Options", "nosniff");
        response.getHeaders().put("Referrer-Policy", "no-referrer");
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
    }

    /** The admin base URL with the bound port, e.g. {@code http://127.0.0.1:9090/}. */
    public URI base() {
        return base;
    }

    /** Stops accepting and closes every connection. Idempotent. */
    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            // stopping a Jetty server fails only if it was not started; nothing is left to free
        }
    }
}
