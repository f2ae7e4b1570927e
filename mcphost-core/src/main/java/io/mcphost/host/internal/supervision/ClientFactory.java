package io.mcphost.host.internal.supervision;

import io.mcphost.client.ElicitationHandler;
import io.mcphost.client.ListKind;
import io.mcphost.client.McpClient;
import io.mcphost.client.McpClientBuilder;
import io.mcphost.client.SamplingHandler;
import io.mcphost.host.HostEvent;
import io.mcphost.host.ServerSpec;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.transport.Transport;
import java.time.Instant;
import java.util.function.Consumer;

/**
 * Builds the client of one connection attempt from the server's spec and the host's settings: the
 * server's own timeouts and handlers win over the host's, and the server's requests and logs are
 * reported as host events. Does no I/O.
 */
final class ClientFactory {
    private ClientFactory() {
    }

    static McpClient newClient(ServerSpec spec, HostSettings settings, EventBus events, Transport transport,
                               Consumer<ListKind> onListChanged, Consumer<McpException> onConnectionLost) {
        String name = spec.name();
        McpClientBuilder b = McpClient.builder(transport)
                .name(name)
                .requestTimeout(spec.requestTimeout().orElse(settings.requestTimeout()))
                .initializeTimeout(spec.startupTimeout().orElse(settings.startupTimeout()))
                .closeTimeout(settings.closeTimeout())
                .onListChanged(onListChanged)
                .onLog(m -> events.emit(new HostEvent.ServerLog(Instant.now(), name, m)))
                .onConnectionLost(onConnectionLost);
        settings.clientInfo().ifPresent(b::clientInfo);
        spec.era().ifPresent(b::era);
        spec.elicitation().or(settings::elicitation).ifPresent(h -> b.elicitation(observed(name, events, h)));
        spec.sampling().or(settings::sampling).ifPresent(h -> b.sampling(observed(name, events, h)));
        spec.roots().or(settings::roots).ifPresent(b::roots);
        settings.observer().ifPresent(b::observer);
        return b.build();
    }

    private static ElicitationHandler observed(String server, EventBus events, ElicitationHandler handler) {
        return (request, context) -> {
            events.emit(new HostEvent.ServerRequest(Instant.now(), server, McpMethod.ELICITATION_CREATE));
            return handler.elicit(request, context);
        };
    }

    private static SamplingHandler observed(String server, EventBus events, SamplingHandler handler) {
        return (request, context) -> {
            events.emit(new HostEvent.ServerRequest(Instant.now(), server, McpMethod.SAMPLING_CREATE_MESSAGE));
            return handler.createMessage(request, context);
        };
    }
}
