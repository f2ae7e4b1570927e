package io.mcphost.gateway;

import io.mcphost.gateway.internal.AdminServer;
import io.mcphost.gateway.internal.CatalogMirror;
import io.mcphost.gateway.internal.GatewayAssembly;
import io.mcphost.gateway.internal.InputRelay;
import io.mcphost.host.McpHost;
import io.mcphost.host.McpHostBuilder;
import io.mcphost.server.ServerSession;
import io.mcphost.server.http.StreamableHttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * An {@link McpHost}'s catalog served as one MCP server: every tool, prompt, resource and template
 * the host exposes (prefixed, filtered and named as the host does), to many clients at once, over
 * Streamable HTTP (both protocol eras on one endpoint: the handshake revisions 2024-11-05 to
 * 2025-11-25 with sessions, 2026-07-28 stateless) and over stdio. Each downstream request is
 * forwarded through the host to the upstream that offers it, in whatever era that upstream speaks.
 *
 * <pre>{@code
 * McpHost host = McpHost.fromConfig(Path.of("mcp.json")).start();
 * McpGateway gateway = McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 8080)).start();
 * URI endpoint = gateway.endpoint().orElseThrow();   // http://127.0.0.1:8080/mcp
 * }</pre>
 *
 * <p>Upstreams start with the host ({@link McpHostBuilder#start()}) or lazily: the servers a host
 * defers ({@link McpHostBuilder#startOnly}, e.g. {@code startOnly(List.of())}) start when the first
 * client uses the gateway (its handshake or first request, which waits for them, each within its
 * startup timeout), so a gateway nobody uses runs no upstream process.
 *
 * <p>The offer follows the host: when an upstream comes, goes or changes its lists, the gateway's
 * clients hear {@code notifications/.../list_changed} (or, under 2026-07-28, on their
 * {@code subscriptions/listen} streams). An upstream that fails fails only its own calls.
 *
 * <p>Safe by default: HTTP binds loopback unless told otherwise, and a bind to any other address
 * is refused without authentication: bearer tokens ({@link McpGatewayBuilder#bearerTokens}) or OAuth
 * ({@link McpGatewayBuilder#oauthIssuer}: the gateway is then an OAuth 2.1 resource server taking JWT access
 * tokens from that authorization server). With either, every HTTP request needs a token, 401
 * otherwise, and a session belongs to the principal that opened it. The downstream token never
 * goes upstream: upstreams are reached with their own credentials. {@code Origin} and
 * {@code Host} are checked against DNS rebinding, bodies are capped, and each client is held to a
 * number of concurrent requests and a request rate (429 with {@code Retry-After} beyond them).
 *
 * <p>Who sees what: with a {@link McpGatewayBuilder#policy policy} ({@link GatewayPolicy}) each principal sees
 * only the servers, tools, prompts and resources a rule grants it (by subject, group claim or scope);
 * the rest is left out of its lists and answered as unknown when used, and every use is an
 * {@link AuditEvent}. Without one, every client sees everything.
 *
 * <p>For operators, an admin endpoint on a port of its own ({@link McpGatewayBuilder#adminHttp}): {@code /healthz},
 * {@code /readyz} (ready when every required upstream is), {@code /metrics} in the Prometheus text
 * format (calls by server, name and outcome, their latency, sessions, streams, upstream states and
 * rate-limit refusals; docs/gateway.md lists them) and a status page at {@code /} (upstreams, their
 * errors, a "Sign in" link for one waiting for a user's OAuth authorisation, the catalog and its name
 * collisions, live counters).
 *
 * <p>Thread-safe. {@link #close(Duration)} returns within its budget; it closes the host too when
 * built with {@link McpGatewayBuilder#closeHost(boolean) closeHost(true)}.
 */
public final class McpGateway implements AutoCloseable {
    private final McpHost host;
    private final boolean closeHost;
    private final CatalogMirror mirror;
    private final Optional<StreamableHttpServer> http;
    private final Optional<ServerSession> stdio;
    private final Optional<AdminServer> admin;
    /** Set when closing begins; the admin endpoint reads it for readiness. */
    private final AtomicBoolean closed;

    McpGateway(McpHost host, boolean closeHost, GatewayAssembly.Parts parts, AtomicBoolean closed) {
        this.host = host;
        this.closeHost = closeHost;
        this.mirror = parts.mirror();
        this.http = parts.http();
        this.stdio = parts.stdio();
        this.admin = parts.admin();
        this.closed = closed;
    }

    /**
     * The admin endpoint's base URL, when the gateway serves one ({@link McpGatewayBuilder#adminHttp}), with the
     * bound port, e.g. {@code http://127.0.0.1:9090/}: the status page, with {@code healthz},
     * {@code readyz} and {@code metrics} under it.
     */
    public Optional<URI> adminEndpoint() {
        return admin.map(AdminServer::base);
    }

    /**
     * Readies a host for serving behind a gateway, before it starts: its clients announce elicitation,
     * sampling and roots to the upstreams, so that upstreams may ask. Each question is then put to the
     * downstream client whose call it belongs to (and only to it); one no call owns (a stdio upstream
     * asking while two calls run, a request on the standalone stream) is refused, and roots asked
     * outside a call are answered with none. Without this, upstreams are told the gateway's clients
     * cannot answer. Returns {@code host} for chaining.
     */
    public static McpHostBuilder prepareHost(McpHostBuilder host) {
        return host.elicitation(InputRelay.NOBODY_ELICITS).sampling(InputRelay.NOBODY_SAMPLES).roots(List.of());
    }

    /** A builder for a gateway in front of {@code host}, which must be started already (see {@link #prepareHost}). */
    public static McpGatewayBuilder builder(McpHost host) {
        return new McpGatewayBuilder(host);
    }

    /** The Streamable HTTP endpoint, when the gateway serves HTTP (its port is the bound one, also for port 0). */
    public Optional<URI> endpoint() {
        return http.map(StreamableHttpServer::endpoint);
    }

    /** The host whose catalog this gateway serves. */
    public McpHost host() {
        return host;
    }

    /**
     * Blocks until the stdio client went away (stdin ended), or returns at once when the gateway
     * does not serve stdio.
     *
     * @throws InterruptedException if the waiting thread is interrupted
     */
    public void awaitStdioClose() throws InterruptedException {
        if (stdio.isPresent()) {
            stdio.get().awaitClose();
        }
    }

    /**
     * Stops serving and, if so built, closes the host; returns within {@code budget}. HTTP drains first:
     * it stops accepting connections, and the calls running finish within half the budget (a replica
     * behind a load balancer leaves with no call lost); then the HTTP server and the stdio session end,
     * and calls still running are cancelled upstream. Idempotent.
     */
    public void close(Duration budget) {
        Instant deadline = Instant.now().plus(budget);
        closed.set(true); // /readyz answers 503 from the first moment of closing
        // Calls running now finish (within half the budget) while new connections go to other replicas;
        // the upstreams they need are closed after them.
        http.ifPresent(h -> h.drain(left(deadline).dividedBy(2)));
        mirror.close();
        stdio.ifPresent(s -> s.close(left(deadline)));
        http.ifPresent(h -> h.close(left(deadline)));
        if (closeHost) {
            host.close(left(deadline));
        }
        admin.ifPresent(AdminServer::close); // last: /healthz answers while the gateway winds down
    }

    /** Closes within five seconds; see {@link #close(Duration)}. */
    @Override
    public void close() {
        close(Duration.ofSeconds(5));
    }

    private static Duration left(Instant deadline) {
        Duration left = Duration.between(Instant.now(), deadline);
        return left.compareTo(Duration.ofMillis(100)) < 0 ? Duration.ofMillis(100) : left;
    }
}
