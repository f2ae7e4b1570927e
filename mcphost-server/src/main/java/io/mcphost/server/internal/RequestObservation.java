package io.mcphost.server.internal;

import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.server.ServedRequest;
import io.mcphost.server.ServerRequestObserver;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The application's {@link ServerRequestObserver} around one served request, for both eras: a failing
 * observer costs the observation, never the answer. Stateless; runs on the request's thread.
 */
final class RequestObservation {
    private static final Logger LOG = LoggerFactory.getLogger(RequestObservation.class);
    private static final JsonCodec CODEC = JsonCodec.get();

    private RequestObservation() {
    }

    /**
     * Starts the observation of {@code request}, served under {@code version} (empty before a legacy
     * initialize) in the session {@code sessionId} (a legacy HTTP session; empty otherwise).
     */
    static ServerRequestObserver.Completion start(Registry registry, JsonRpcRequest request, Optional<ProtocolVersion> version,
                                                  Optional<String> sessionId) {
        if (registry.observer().isEmpty()) {
            return ServerRequestObserver.Completion.NONE;
        }
        String id = switch (request.id()) {
            case RequestId.NumberId n -> Long.toString(n.value());
            case RequestId.StringId s -> s.value();
        };
        try {
            return registry.observer().get().start(new ServedRequest(request.method(),
                    request.params().orElseGet(CODEC::newObject), id, version, sessionId));
        } catch (RuntimeException e) {
            LOG.warn("the request observer failed on {} (id {})", request.method(), request.id(), e);
            return ServerRequestObserver.Completion.NONE;
        }
    }

    /** Ends it with the reply: a result, an error, or null when none is sent (a listen stream the client closed). */
    static void finish(ServerRequestObserver.Completion observation, JsonRpcRequest request, JsonRpcMessage reply) {
        try {
            switch (reply) {
                case JsonRpcResponse r -> observation.finished(r.result(), null);
                case JsonRpcErrorResponse e -> observation.finished(null, e.error());
                case null -> observation.finished(null, null);
                default -> { } // a request or a notification is never a reply
            }
        } catch (RuntimeException e) {
            LOG.warn("the request observer failed at the end of {} (id {})", request.method(), request.id(), e);
        }
    }
}
