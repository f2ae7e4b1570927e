package io.mcphost.client.internal;

import io.mcphost.protocol.Era;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;

/**
 * A client's two era sessions and the one choice between them: the session of the era the last
 * connect (or re-probe) settled ({@link EraProbe} decides it; {@link #of} maps it to its strategy,
 * the only switch on the era in the client). As a stage — the innermost era-neutral one — it hands
 * each request to the current session's part of the pipeline. Before the first handshake the legacy
 * session answers (nothing era-specific happens then). Thread-safe.
 */
final class EraSessions implements RequestStage {
    private final ConnectionState connection;
    private final LegacySession legacy;
    private final ModernSession modern;

    EraSessions(ConnectionState connection, LegacySession legacy, ModernSession modern) {
        this.connection = connection;
        this.legacy = legacy;
        this.modern = modern;
    }

    /** The strategy of an era. */
    EraSession of(Era era) {
        return switch (era) {
            case MODERN -> modern;
            case LEGACY, AUTO -> legacy;
        };
    }

    /**
     * The session of the current handshake.
     *
     * @throws IllegalStateException (or the connection's failure) before the handshake, as {@link ConnectionState#session()}
     */
    EraSession current() {
        return of(connection.session().era());
    }

    @Override
    public CompletableFuture<JsonNode> apply(OutboundRequest request, Next next) {
        EraSession session = connection.currentSession().map(s -> of(s.era())).orElse(legacy);
        return session.send(request, next, again -> apply(again, next));
    }

    /** The modern session, whose listen stream is the only one a notification may come from. */
    ModernSession modern() {
        return modern;
    }

    /** The client closed or failed: whatever either session keeps open ends. */
    void endAll() {
        legacy.ended();
        modern.ended();
    }
}
