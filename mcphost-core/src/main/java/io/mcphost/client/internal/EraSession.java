package io.mcphost.client.internal;

import io.mcphost.protocol.Era;
import io.mcphost.protocol.logging.LoggingLevel;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * How the client speaks to a server of one protocol era: the one strategy per era
 * ({@link LegacySession} for the handshake revisions, {@link ModernSession} for 2026-07-28), chosen
 * once per installed session by {@code EraSessions.of}. The request pipeline, the tasks, the resource
 * subscriptions and the lifecycle ask the current session instead of testing the era; everything
 * era-specific of the client is behind these methods (the era probe that decides it aside,
 * {@link EraProbe}). What a message reads like in the other era is {@link io.mcphost.protocol.modern.EraTranslation}'s.
 */
sealed interface EraSession permits LegacySession, ModernSession {
    Era era();

    /**
     * The era's part of the request pipeline, below the era-neutral stages: a request of this era
     * goes on to {@code next} (the transmission). {@code redecided} is the era dispatch again, for a
     * request that must be sent once more after the era was probed again.
     */
    CompletableFuture<JsonNode> send(OutboundRequest request, RequestStage.Next next, RequestStage.Next redecided);

    /** The era's task requests. */
    TaskDialect tasks();

    /** The application's log level: {@code logging/setLevel}, or on every request from now on. */
    CompletableFuture<Void> setLoggingLevel(LoggingLevel level);

    /** The application replaced its roots while connected: tell the server, where the era has a way. */
    void rootsChanged();

    /** The client now holds {@code held} resource subscriptions, {@code uri} among them: the server is told. */
    CompletableFuture<Void> subscribe(String uri, Set<String> held);

    /** The client no longer holds {@code uri}; {@code held} is what it still holds: the server is told. */
    CompletableFuture<Void> unsubscribe(String uri, Set<String> held);

    /**
     * A session of this era began (connected, re-initialised, or found by probing the era again), and
     * knows none of the client's subscriptions: the era tells it of {@code held}, as a whole or one URI
     * at a time through {@code subscribeAgain}.
     */
    void started(Set<String> held, Consumer<String> subscribeAgain);

    /** The client closed or failed, or the era changed: what the session keeps open ends. */
    void ended();
}
