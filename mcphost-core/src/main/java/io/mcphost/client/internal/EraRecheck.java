package io.mcphost.client.internal;

import io.mcphost.protocol.Era;
import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.McpStreamBrokenException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.modern.ModernErrors;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * A server found modern that starts answering like a legacy one mid-session (replaced behind the same
 * address or command by an older build, a proxy now routing elsewhere): its answers say "no such
 * method" to a method of the revision's core, "not initialized" / "no session", or HTTP 400 without a
 * modern error. Instead of failing every call from then on, the era is probed again (server/discover,
 * falling back to the initialize handshake), once per connection, and the request that met the answer
 * is sent once more in the session found. Only when the era was detected ({@link Era#AUTO}): a pinned
 * era is the application's decision. Requests that start while the probe runs wait for it.
 *
 * <p>The outermost part of a modern session's pipeline ({@link ModernSession}), above the input
 * rounds; the resent request passes the era dispatch ({@link EraSessions}) again, so it gets its
 * {@code _meta} (or none) for the new session. Thread-safe; the probe runs on a virtual thread of its own.
 */
final class EraRecheck {
    private static final Logger LOG = LoggerFactory.getLogger(EraRecheck.class);
    /** Methods every modern server offering the feature answers: "method not found" for them means no modern server. */
    private static final Set<String> CORE = Set.of(McpMethod.TOOLS_LIST, McpMethod.TOOLS_CALL, McpMethod.RESOURCES_LIST,
            McpMethod.RESOURCES_READ, McpMethod.RESOURCES_TEMPLATES_LIST, McpMethod.PROMPTS_LIST, McpMethod.PROMPTS_GET);

    private final Exchange exchange;
    private final ConnectionState connection;
    /** Runs after the new session is installed, with the era session it replaced, e.g. to subscribe again. */
    private final Consumer<EraSession> afterProbe;
    /** The era sessions, to know which one the probe replaced. */
    private final Supplier<EraSession> current;
    private final AtomicBoolean used = new AtomicBoolean();
    private final ReentrantLock lock = new ReentrantLock();
    /** The running or finished re-probe; null before one was needed. Completes with whether a session was installed. */
    private volatile CompletableFuture<Boolean> probe;

    EraRecheck(Exchange exchange, ConnectionState connection, Supplier<EraSession> current, Consumer<EraSession> afterProbe) {
        this.exchange = exchange;
        this.connection = connection;
        this.current = current;
        this.afterProbe = afterProbe;
    }

    /** A new connection (a client re-opened after close) may re-probe once again. */
    void newConnection() {
        used.set(false);
    }

    /**
     * Sends {@code request} on through {@code next} (the rest of the modern session's part of the
     * pipeline); after a re-probe, the request goes through {@code redecided}, the era dispatch again,
     * so it takes the part of whichever era the probe found.
     */
    CompletableFuture<JsonNode> apply(OutboundRequest request, RequestStage.Next next, RequestStage.Next redecided) {
        CompletableFuture<Boolean> running = probe;
        if (running != null && !running.isDone()) {
            return running.handle((installed, failed) -> null).thenCompose(x -> redecided.proceed(request));
        }
        if (exchange.config().era() != Era.AUTO || used.get()) {
            return next.proceed(request);
        }
        CompletableFuture<JsonNode> outer = new CompletableFuture<>();
        CompletableFuture<JsonNode> first = next.proceed(request);
        Exchange.propagateCancel(outer, first);
        first.whenComplete((result, error) -> {
            if (error == null) {
                outer.complete(result);
                return;
            }
            McpException cause = exchange.unwrap(error);
            if (outer.isDone() || error instanceof CancellationException || !looksLegacy(request.method(), cause)) {
                outer.completeExceptionally(error instanceof CancellationException ? error : cause);
                return;
            }
            reprobe(cause).whenComplete((installed, failed) -> {
                if (failed != null || !installed || outer.isDone()) {
                    outer.completeExceptionally(cause);
                    return;
                }
                CompletableFuture<JsonNode> again = redecided.proceed(request);
                Exchange.propagateCancel(outer, again);
                again.whenComplete((r, e) -> {
                    if (e != null) {
                        outer.completeExceptionally(exchange.unwrap(e));
                    } else {
                        outer.complete(r);
                    }
                });
            });
        });
        return outer;
    }

    /**
     * Whether {@code cause} is what a legacy server answers a modern request: never one error code alone
     * (the spec's advice for detection), but "method not found" for a core method, a refusal for want of
     * a handshake or session, or an HTTP 400 that carried no JSON-RPC error.
     */
    static boolean looksLegacy(String method, McpException cause) {
        if (cause instanceof McpError error) {
            JsonRpcError e = error.error();
            if (ModernErrors.isModern(e.code())) {
                return false;
            }
            if (e.code() == JsonRpcError.METHOD_NOT_FOUND && CORE.contains(method)) {
                return true;
            }
            String message = e.message().toLowerCase(Locale.ROOT);
            return message.contains("not initialized") || message.contains("session id") || message.contains("no valid session");
        }
        return cause instanceof McpTransportException && !(cause instanceof McpStreamBrokenException)
                && cause.detail().startsWith("HTTP 400");
    }

    /** One re-probe for everyone who met a legacy answer; at most once per connection. */
    private CompletableFuture<Boolean> reprobe(McpException cause) {
        lock.lock();
        try {
            CompletableFuture<Boolean> running = probe;
            if (running != null && (!running.isDone() || used.get())) {
                return running;
            }
            if (!used.compareAndSet(false, true)) {
                return CompletableFuture.completedFuture(false);
            }
            CompletableFuture<Boolean> run = new CompletableFuture<>();
            probe = run;
            Thread.ofVirtual().name("mcphost-era-recheck-" + exchange.name()).start(() -> {
                LOG.info("server '{}': a modern server answered like a legacy one ({}); probing its era again",
                        exchange.name(), cause.detail());
                try {
                    EraSession replaced = current.get();
                    Session session = EraProbe.connect(exchange, exchange.config(), connection, false);
                    connection.session(session);
                    exchange.cache().clear();
                    LOG.info("server '{}': the era probed again is {} ({})", exchange.name(),
                            session.era().name().toLowerCase(Locale.ROOT), session.version().id());
                    run.complete(true);
                    afterProbe.accept(replaced);
                } catch (RuntimeException e) {
                    LOG.warn("server '{}': probing the era again failed: {}", exchange.name(), exchange.unwrap(e).getMessage());
                    run.complete(false);
                }
            });
            return run;
        } finally {
            lock.unlock();
        }
    }
}
