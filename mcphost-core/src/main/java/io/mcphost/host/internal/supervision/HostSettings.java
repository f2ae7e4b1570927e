package io.mcphost.host.internal.supervision;

import io.mcphost.auth.AuthorizationHandler;
import io.mcphost.client.ClientSettings;
import io.mcphost.host.HostInterceptor;
import io.mcphost.host.ReconnectPolicy;
import io.mcphost.host.ToolApproval;
import io.mcphost.host.ToolFilter;
import io.mcphost.host.ToolNaming;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@link io.mcphost.host.McpHostBuilder} collected, validated there; shared by every server of one host.
 *
 * @param client       the settings of every server's client, {@link ClientSettings#DEFAULTS} filled in: a
 *                     server's own ({@code ServerSpec.settings()}) go over these
 * @param interceptors the application's interceptors, outermost first
 * @param approval     the application's approval of tool calls, which runs before them all
 */
public record HostSettings(ClientSettings client, ToolNaming naming, ToolFilter toolFilter, boolean failOpen,
                           ReconnectPolicy reconnect, boolean callsWaitForReconnect,
                           List<HostInterceptor> interceptors, Optional<ToolApproval> approval,
                           Optional<AuthorizationHandler> authorization) {
    public HostSettings {
        client = client.orElse(ClientSettings.DEFAULTS);
        interceptors = List.copyOf(interceptors);
        Objects.requireNonNull(approval, "approval");
        Objects.requireNonNull(authorization, "authorization");
    }

    /** Deadline of each server's handshake unless the server sets its own. */
    public Duration startupTimeout() {
        return client.initializeTimeout().orElseThrow();
    }

    /** Default deadline of each request unless the server or the call sets one. */
    public Duration requestTimeout() {
        return client.requestTimeout().orElseThrow();
    }

    /** Budget of closing the host, shared by all servers closing in parallel, and of each client's close. */
    public Duration closeTimeout() {
        return client.closeTimeout().orElseThrow();
    }
}
