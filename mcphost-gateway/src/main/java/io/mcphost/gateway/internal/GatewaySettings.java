package io.mcphost.gateway.internal;

import io.mcphost.gateway.AuditEvent;
import io.mcphost.gateway.GatewayPolicy;
import io.mcphost.host.McpHost;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.server.SealingKeys;
import io.mcphost.server.ServerRequestObserver;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What an {@link io.mcphost.gateway.McpGatewayBuilder} was told, fixed when it starts: the input of
 * {@link GatewayAssembly#start}. Each component is the builder setting of the same name (see its
 * Javadoc); an empty one was not set. Collections are copied. Immutable.
 */
public record GatewaySettings(McpHost host, Implementation info, Optional<InetSocketAddress> httpAddress, String path,
                              Optional<InputStream> stdin, Optional<OutputStream> stdout,
                              Set<String> bearerTokens, Map<String, String> principalsByToken,
                              Optional<GatewayPolicy> policy, List<Consumer<AuditEvent>> auditListeners,
                              String groupsClaim, Optional<URI> oauthIssuer, Optional<URI> oauthResource,
                              Optional<URI> oauthJwks, Set<String> oauthScopes, Optional<Set<String>> allowedOrigins,
                              OptionalInt maxMessageBytes, int maxSessions, int maxConcurrentPerClient,
                              double ratePerClient, int burstPerClient, boolean closeHost,
                              Optional<InetSocketAddress> adminAddress, Optional<String> adminToken,
                              Optional<ServerRequestObserver> observer, Optional<SealingKeys> sealingKeys,
                              Optional<URI> peerUrl, List<URI> peers) {
    public GatewaySettings {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(info, "info");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(groupsClaim, "groupsClaim");
        if (stdin.isPresent() != stdout.isPresent()) {
            throw new IllegalArgumentException("stdio needs both streams");
        }
        bearerTokens = Set.copyOf(bearerTokens);
        principalsByToken = Map.copyOf(principalsByToken);
        auditListeners = List.copyOf(auditListeners);
        oauthScopes = Set.copyOf(oauthScopes);
        allowedOrigins = allowedOrigins.map(Set::copyOf);
        peers = List.copyOf(peers);
    }
}
