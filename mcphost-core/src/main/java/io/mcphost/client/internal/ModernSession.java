package io.mcphost.client.internal;

import io.mcphost.protocol.Era;
import io.mcphost.protocol.logging.LoggingLevel;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * A session of revision 2026-07-28 (stateless, {@code docs/eras.md}). Its part of the request
 * pipeline, outermost first: {@link EraRecheck} (a detected modern server answering like a legacy
 * one: probe again once), {@link InputRequired} ({@code input_required} rounds, answered by the same
 * handlers as a legacy server's requests), the {@link ResultCache}, {@link ModernMeta} (per-attempt
 * {@code _meta} and HTTP headers; removed methods refused) and {@link Reissue} (a broken response
 * stream: once more, new id). The log level rides on every request; roots go with each round;
 * list changes and resource updates come on one {@link ListenStream}; tasks are the tasks
 * extension ({@link ModernTasks}). Thread-safe.
 */
final class ModernSession implements EraSession {
    private final Exchange exchange;
    private final ModernTasks tasks;
    private final ListenStream listen;
    private final EraRecheck recheck;
    private final RequestStage input;
    private final RequestStage meta;
    private final RequestStage reissue = new Reissue();
    /** The inner stages linked in front of the last {@code next} they were given (always the same one): no lambdas per call. */
    private volatile Linked linked;

    private record Linked(RequestStage.Next next, RequestStage.Next stages) {
    }

    /**
     * @param afterReprobe runs after the era was probed again mid-session, with the session it replaced
     */
    ModernSession(Exchange exchange, ConnectionState connection, ToolListing tools, ServerRequests handlers,
                  java.util.function.Supplier<EraSession> current, Consumer<EraSession> afterReprobe) {
        this.exchange = exchange;
        this.tasks = new ModernTasks(exchange, tools, handlers);
        this.listen = new ListenStream(exchange);
        this.recheck = new EraRecheck(exchange, connection, current, afterReprobe);
        this.input = new InputRequired(exchange.name(), handlers, exchange.config());
        this.meta = new ModernMeta(exchange, connection, tools::list);
    }

    @Override
    public Era era() {
        return Era.MODERN;
    }

    @Override
    public CompletableFuture<JsonNode> send(OutboundRequest request, RequestStage.Next next, RequestStage.Next redecided) {
        return recheck.apply(request, stages(next), redecided);
    }

    private RequestStage.Next stages(RequestStage.Next next) {
        Linked current = linked;
        if (current != null && current.next() == next) {
            return current.stages();
        }
        RequestStage.Next chain = next;
        for (RequestStage stage : new RequestStage[] {reissue, meta, exchange.cache(), input}) { // innermost first
            chain = Exchange.link(stage, chain);
        }
        linked = new Linked(next, chain);
        return chain;
    }

    @Override
    public TaskDialect tasks() {
        return tasks;
    }

    /** Revision 2026-07-28 has no logging/setLevel: the level rides on every request from now on. */
    @Override
    public CompletableFuture<Void> setLoggingLevel(LoggingLevel level) {
        java.util.Objects.requireNonNull(level, "level");
        exchange.logLevel(level);
        return CompletableFuture.completedFuture(null);
    }

    /** Roots go with each round, and the list-changed notification does not exist in this revision. */
    @Override
    public void rootsChanged() {
    }

    @Override
    public CompletableFuture<Void> subscribe(String uri, Set<String> held) {
        return listen.resources(held);
    }

    @Override
    public CompletableFuture<Void> unsubscribe(String uri, Set<String> held) {
        return listen.resources(held);
    }

    /** The listen stream opens: list changes, and all the URIs held, on one stream. */
    @Override
    public void started(Set<String> held, Consumer<String> subscribeAgain) {
        listen.start();
        listen.resources(held);
    }

    @Override
    public void ended() {
        listen.stop();
    }

    /** The listen stream, whose notifications and acknowledgments the inbound routing checks. */
    ListenStream listen() {
        return listen;
    }

    /** A new connection (a client re-opened after close) may probe the era again once more. */
    void newConnection() {
        recheck.newConnection();
    }
}
