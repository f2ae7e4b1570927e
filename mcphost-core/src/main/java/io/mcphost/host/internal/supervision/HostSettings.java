package io.mcphost.host.internal.supervision;

import io.mcphost.auth.AuthorizationHandler;
import io.mcphost.client.ElicitationHandler;
import io.mcphost.client.RequestObserver;
import io.mcphost.client.SamplingHandler;
import io.mcphost.host.ReconnectPolicy;
import io.mcphost.host.HostInterceptor;
import io.mcphost.host.ToolFilter;
import io.mcphost.host.ToolNaming;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.roots.Root;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** What {@link io.mcphost.host.McpHost.Builder} collected, validated there; shared by every server of one host. */
public record HostSettings(Optional<Implementation> clientInfo, ToolNaming naming, ToolFilter toolFilter, boolean failOpen,
                           Duration startupTimeout, Duration requestTimeout, Duration closeTimeout,
                           ReconnectPolicy reconnect, boolean callsWaitForReconnect,
                           List<HostInterceptor> interceptors, Optional<ElicitationHandler> elicitation,
                           Optional<SamplingHandler> sampling, Optional<List<Root>> roots,
                           Optional<RequestObserver> observer, Optional<AuthorizationHandler> authorization) {
    public HostSettings {
        interceptors = List.copyOf(interceptors);
    }
}
