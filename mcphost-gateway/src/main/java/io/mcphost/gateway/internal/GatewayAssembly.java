package io.mcphost.gateway.internal;

import io.mcphost.host.McpHost;
import io.mcphost.host.McpHostBuilder;
import io.mcphost.server.McpServer;
import io.mcphost.server.ServerSession;
import io.mcphost.server.http.OAuthResourceServer;
import io.mcphost.server.http.ResponseMode;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.server.http.StreamableHttpServerBuilder;
import io.mcphost.transport.stdio.StdioTransport;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * How a gateway is put together from its {@link GatewaySettings}: the host's catalog mirrored into a
 * toolkit {@link McpServer} whose handlers forward through the host, served over Streamable HTTP,
 * stdio or both, with the admin endpoint beside them. Either every part starts or none is left
 * running. Stateless; {@link #start} blocks until the servers are bound.
 */
public final class GatewayAssembly {
    /** What a started gateway runs; the gateway closes them. */
    public record Parts(CatalogMirror mirror, Optional<StreamableHttpServer> http, Optional<ServerSession> stdio,
                        Optional<AdminServer> admin) {
    }

    private GatewayAssembly() {
    }

    /**
     * Checks {@code settings} and starts serving: HTTP once its port is bound, stdio at once, the admin
     * endpoint once bound. On a failure whatever started is closed again before the exception leaves.
     *
     * @param serving whether the gateway still serves, for the admin endpoint's readiness
     * @throws IllegalStateException if neither HTTP nor stdio is set, HTTP binds a non-loopback
     *                               address without bearer tokens or OAuth, OAuth binds a wildcard
     *                               address without a resource, or settings that need another lack it
     * @throws IllegalArgumentException if the OAuth issuer or JWKS URL is neither https nor http on loopback
     * @throws java.io.UncheckedIOException if an address cannot be bound
     */
    public static Parts start(GatewaySettings settings, BooleanSupplier serving) {
        check(settings);
        McpHost host = settings.host();
        Optional<GatewayMetrics> metrics = settings.adminAddress().map(a -> new GatewayMetrics(host));
        Optional<OAuthResourceServer> resourceServer = settings.oauthIssuer().map(issuer -> {
            OAuthResourceServer rs = OAuthResourceServer.of(new JwtAuthenticator(issuer, settings.oauthJwks(),
                    settings.groupsClaim()), issuer).withRequiredScopes(settings.oauthScopes());
            return settings.oauthResource().map(rs::withResource).orElse(rs);
        });
        Forwarding forwarding = new Forwarding(host, metrics, settings.observer());
        CatalogMirror mirror = new CatalogMirror(host, forwarding);
        ResourceRelay relay = new ResourceRelay(host);
        McpServer.Builder serverBuilder = McpServer.builder().serverInfo(settings.info()).offer(mirror.offer())
                .changingOffer().validateToolArguments(false).completions(forwarding::complete).subscriptionListener(relay)
                .beforeFirstUse(() -> startDeferred(host, mirror));
        settings.observer().ifPresent(serverBuilder::observer);
        settings.sealingKeys().ifPresent(serverBuilder::sealingKeys);
        settings.policy().ifPresent(policy -> serverBuilder.visibility(
                new PolicyEnforcer(host, policy, settings.auditListeners(), Clock.systemUTC())));
        McpServer server = serverBuilder.build();
        relay.relayTo(server);
        mirror.follow(server);
        List<AutoCloseable> started = new ArrayList<>();
        try {
            Optional<StreamableHttpServer> http = Optional.empty();
            if (settings.httpAddress().isPresent()) {
                http = Optional.of(http(settings, server, resourceServer));
                started.add(http.get());
            }
            Optional<ServerSession> stdio = settings.stdin().map(in -> server.serve(
                    StdioTransport.overStreams(settings.info().name(), in, settings.stdout().orElseThrow())));
            Optional<AdminServer> admin = Optional.empty();
            if (settings.adminAddress().isPresent()) {
                http.ifPresent(metrics.get()::readFrom);
                try {
                    admin = Optional.of(AdminServer.start(settings.adminAddress().get(), host, metrics.get(), serving,
                            settings.adminToken()));
                } catch (RuntimeException e) {
                    stdio.ifPresent(s -> s.close(Duration.ofSeconds(1))); // HTTP and the mirror: below
                    throw e;
                }
            }
            return new Parts(mirror, http, stdio, admin);
        } catch (RuntimeException e) {
            mirror.close();
            for (AutoCloseable c : started) {
                try {
                    c.close();
                } catch (Exception suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
    }

    /** The settings that are refused before anything starts, each with what to do instead. */
    private static void check(GatewaySettings settings) {
        if (settings.httpAddress().isEmpty() && settings.stdin().isEmpty()) {
            throw new IllegalStateException("the gateway serves nothing: set http(...) or stdio(...)");
        }
        if (settings.oauthIssuer().isEmpty() && (settings.oauthResource().isPresent() || settings.oauthJwks().isPresent()
                || !settings.oauthScopes().isEmpty())) {
            throw new IllegalStateException("oauthResource, oauthJwksUri and oauthRequiredScopes need oauthIssuer");
        }
        Optional<InetSocketAddress> httpAddress = settings.httpAddress();
        if (httpAddress.isPresent() && !isLoopback(httpAddress.get()) && settings.bearerTokens().isEmpty()
                && settings.oauthIssuer().isEmpty()) {
            throw new IllegalStateException("refusing to serve " + httpAddress.get().getHostString()
                    + " without authentication: anyone who reaches it could use every upstream server."
                    + " Bind a loopback address (127.0.0.1), set bearer tokens or an OAuth issuer");
        }
        Optional<InetSocketAddress> adminAddress = settings.adminAddress();
        if (adminAddress.isPresent() && !isLoopback(adminAddress.get()) && settings.adminToken().isEmpty()) {
            throw new IllegalStateException("refusing to serve the admin endpoint on " + adminAddress.get().getHostString()
                    + " without a token: anyone who reaches it could read the gateway's metrics and upstreams."
                    + " Bind a loopback address (127.0.0.1) or set an admin token");
        }
        if (httpAddress.isPresent() && settings.oauthIssuer().isPresent() && settings.oauthResource().isEmpty()
                && (httpAddress.get().getAddress() == null || httpAddress.get().getAddress().isAnyLocalAddress())) {
            throw new IllegalStateException("with OAuth on a wildcard address, set oauthResource to the URL"
                    + " clients use (tokens name it as their audience)");
        }
        if (settings.sealingKeys().isEmpty() && (settings.peerUrl().isPresent() || !settings.peers().isEmpty())) {
            throw new IllegalStateException((settings.peerUrl().isPresent() ? "peerUrl" : "peers")
                    + " needs sealingKeys: replicas share sessions only under shared keys");
        }
    }

    /** The Streamable HTTP server of {@code server}, bound and serving. */
    private static StreamableHttpServer http(GatewaySettings settings, McpServer server,
                                             Optional<OAuthResourceServer> resourceServer) {
        InetSocketAddress address = settings.httpAddress().orElseThrow();
        StreamableHttpServerBuilder b = StreamableHttpServer.builder(server).bindAddress(address.getAddress())
                .port(address.getPort()).path(settings.path())
                // A forwarded call's response alone as plain JSON, served on its POST's thread; streams when it must.
                .responseMode(ResponseMode.AUTO)
                .maxSessions(settings.maxSessions())
                .maxConcurrentRequestsPerClient(settings.maxConcurrentPerClient())
                .requestsPerSecondPerClient(settings.ratePerClient(), settings.burstPerClient());
        if (!settings.principalsByToken().isEmpty()) {
            b.bearerTokens(settings.principalsByToken());
        } else if (!settings.bearerTokens().isEmpty()) {
            b.bearerTokens(settings.bearerTokens());
        }
        resourceServer.ifPresent(b::oauth);
        settings.sealingKeys().ifPresent(b::sealedSessions);
        settings.peerUrl().ifPresent(b::peerUrl);
        b.peers(settings.peers());
        settings.allowedOrigins().ifPresent(b::allowedOrigins);
        settings.maxMessageBytes().ifPresent(b::maxMessageBytes);
        return b.start();
    }

    /**
     * Upstreams started lazily: the servers the host deferred ({@link McpHostBuilder#startOnly}) start
     * when the first client uses the gateway, and the offer follows at once, so that first request
     * sees their tools.
     */
    private static void startDeferred(McpHost host, CatalogMirror mirror) {
        List<String> deferred = host.deferredServers();
        if (!deferred.isEmpty()) {
            host.startServers(deferred); // blocks within each server's startup timeout; failures are in its statuses
            mirror.refresh();
        }
    }

    private static boolean isLoopback(InetSocketAddress address) {
        InetAddress ip = address.getAddress();
        return ip != null && ip.isLoopbackAddress();
    }
}
