package io.mcphost.host.internal.supervision;

import io.mcphost.client.ElicitationHandler;
import io.mcphost.protocol.Era;
import io.mcphost.client.ListKind;
import io.mcphost.client.McpClient;
import io.mcphost.client.McpClientBuilder;
import io.mcphost.client.SamplingHandler;
import io.mcphost.host.HostEvent;
import io.mcphost.host.ServerSpec;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.transport.Transport;
import java.time.Instant;
import java.util.function.Consumer;

/**
 * Builds the client of one connection attempt from the server's spec and the host's settings: the
 * server's own {@link io.mcphost.client.ClientSettings} go over the host's, and the server's requests and
 * logs are reported as host events; and connects it. Only {@link #connect} does I/O.
 */
final class ClientFactory {
    private ClientFactory() {
    }

    static McpClient newClient(ServerSpec spec, HostSettings settings, EventBus events, Transport transport,
                               Consumer<ListKind> onListChanged, Consumer<McpException> onConnectionLost) {
        String name = spec.name();
        // One merge: the server's own settings over the host's (which have the defaults filled in).
        McpClientBuilder b = McpClient.builder(transport)
                .name(name)
                .settings(spec.settings().orElse(settings.client()))
                .onListChanged(onListChanged)
                .onLog(m -> events.emit(new HostEvent.ServerLog(Instant.now(), name, m)))
                .onConnectionLost(onConnectionLost);
        // The server's requests are reported as host events before the handler answers them.
        b.settings().elicitation().ifPresent(h -> b.elicitation(observed(name, events, h)));
        b.settings().sampling().ifPresent(h -> b.sampling(observed(name, events, h)));
        return b.build();
    }

    /** Connects a client of {@link #newClient}: the handshake, and what the host asks of every session. Blocks. */
    static void connect(McpClient client) {
        client.connect();
        if (client.era() == Era.MODERN) {
            // A 2026-07-28 server logs to a request only when its _meta names a level (no logging/setLevel):
            // ask for info and above, so the host's ServerLog events keep coming as from a legacy server's
            // default. Sends nothing; it rides on each request.
            client.setLoggingLevel(LoggingLevel.INFO);
        }
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
