package io.mcphost.spring.boot;

import io.mcphost.host.McpHost;
import io.mcphost.host.ServerState;
import io.mcphost.host.ServerStatus;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * The host's servers in Actuator's health ({@code /actuator/health}, component {@code mcpHost}): each
 * server's state, transport, era, tool count and last error. DOWN only when a server marked
 * {@code required} is not READY; a failed optional server is reported in the details but leaves the
 * application UP (the host is fail-open: the other servers keep working). Thread-safe; reads a snapshot
 * ({@link McpHost#servers()}), no I/O.
 */
public final class McpHostHealthIndicator implements HealthIndicator {
    private final McpHost host;

    /** Reports on {@code host}. */
    public McpHostHealthIndicator(McpHost host) {
        this.host = host;
    }

    @Override
    public Health health() {
        Map<String, Object> servers = new LinkedHashMap<>();
        boolean requiredDown = false;
        for (ServerStatus server : host.servers()) {
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("state", server.state().name());
            details.put("transport", server.transport());
            details.put("required", server.required());
            server.era().ifPresent(era -> details.put("era", era.name()));
            if (server.state() == ServerState.READY) {
                details.put("tools", server.toolCount());
            }
            server.lastError().ifPresent(e -> details.put("lastError", e.getMessage()));
            server.authorizationUrl().ifPresent(url -> details.put("authorizationUrl", url.toString()));
            servers.put(server.name(), details);
            requiredDown |= server.required() && server.state() != ServerState.READY;
        }
        return (requiredDown ? Health.down() : Health.up()).withDetail("servers", servers).build();
    }
}
