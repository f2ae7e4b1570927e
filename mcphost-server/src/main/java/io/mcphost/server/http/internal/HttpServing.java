package io.mcphost.server.http.internal;

import io.mcphost.server.McpServer;
import io.mcphost.server.http.StreamableHttpServer;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link StreamableHttpServer} while it runs: the Jetty server, the virtual
 * threads its exchanges run on, the sessions and the endpoint, started together and stopped in
 * stages within a deadline (sessions and streams end, streams get half the time left to write their
 * last chunk, then every connection closes). Thread-safe; {@link #start}, {@link #drain} and
 * {@link #close} block, each at most as long as it says.
 */
public final class HttpServing {
    /** Under the public class's name, which is what operators configure. */
    private static final Logger LOG = LoggerFactory.getLogger(StreamableHttpServer.class);

    private final JettyServer httpServer;
    private final ExecutorService executor;
    private final Sessions sessions;
    private final HttpEndpoint handler;
    private final URI endpoint;
    private final AtomicBoolean closing = new AtomicBoolean();
    /** The thread doing the one real close; later calls wait for it. */
    private final AtomicReference<Thread> stopper = new AtomicReference<>();

    private HttpServing(JettyServer httpServer, ExecutorService executor, Sessions sessions, HttpEndpoint handler,
                        URI endpoint) {
        this.httpServer = httpServer;
        this.executor = executor;
        this.sessions = sessions;
        this.handler = handler;
        this.endpoint = endpoint;
    }

    /**
     * Binds {@code bindAddress:port} and serves {@code server} at {@code settings.path()}; returns once
     * the endpoint accepts connections.
     *
     * @param tls the key and certificate to serve {@code https} with; plain {@code http} without
     * @throws UncheckedIOException if the address cannot be bound
     */
    public static HttpServing start(McpServer server, HttpSettings settings, InetAddress bindAddress, int port,
                                    Optional<SSLContext> tls, Admission admission, Optional<Replication> replication) {
        Sessions sessions = new Sessions(server, settings, replication);
        ExecutorService executor = Executors.newThreadPerTaskExecutor(
                Thread.ofVirtual().name("mcphost-http-", 0).factory());
        HttpEndpoint handler = new HttpEndpoint(settings, sessions, admission);
        JettyServer httpServer;
        try {
            httpServer = JettyServer.start(bindAddress, port, settings, handler, executor, tls.orElse(null));
        } catch (UncheckedIOException e) {
            executor.shutdownNow();
            throw e;
        }
        sessions.start();
        InetSocketAddress bound = httpServer.address();
        String host = bindAddress instanceof java.net.Inet6Address
                ? "[" + bindAddress.getHostAddress() + "]" : bindAddress.getHostAddress();
        URI endpoint = URI.create((tls.isEmpty() ? "http://" : "https://") + host + ":" + bound.getPort() + settings.path());
        admission.bind(endpoint);
        // Bound to one address, the endpoint is where peers reach this replica (a wildcard bind is not).
        replication.filter(r -> !r.hasPeerUrl() && !bindAddress.isAnyLocalAddress()).ifPresent(r -> r.reachableAt(endpoint));
        // Task ids name this replica too, so that the others pass a task's requests on to it.
        replication.flatMap(Replication::origin).ifPresent(o -> sessions.tagTasks(o + Replication.EVENT_ID_ORIGIN_END));
        LOG.debug("serving {} at {}", server.serverInfo().name(), endpoint);
        return new HttpServing(httpServer, executor, sessions, handler, endpoint);
    }

    /** The MCP endpoint's URL, with the port bound. */
    public URI endpoint() {
        return endpoint;
    }

    /** The live sessions. */
    public Sessions sessions() {
        return sessions;
    }

    /** The endpoint every exchange goes through, for its counts. */
    public HttpEndpoint handler() {
        return handler;
    }

    /** Whether {@link #close} was called. */
    public boolean isClosed() {
        return closing.get();
    }

    /**
     * Stops accepting connections, makes each response close its connection, and waits at most
     * {@code limit} until no request is running; see {@code StreamableHttpServer.drain}.
     *
     * @return whether every running request finished within {@code limit}
     */
    public boolean drain(Duration limit) {
        handler.startDraining();
        httpServer.stopAccepting();
        boolean done;
        try {
            done = handler.awaitCallsDone(limit);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            done = false;
        }
        // The calls are over, so the sessions' choices are final: the peers take them (and the clients' GET streams) over.
        sessions.handOff();
        return done;
    }

    /**
     * Stops serving within {@code budget}: the first call stops on a virtual thread of its own, and
     * every call (the first too) waits for that within its own budget.
     */
    public void close(Duration budget) {
        long deadline = System.nanoTime() + budget.toNanos();
        Thread fresh = Thread.ofVirtual().name("mcphost-http-close").unstarted(() -> stop(deadline));
        if (stopper.compareAndSet(null, fresh)) {
            closing.set(true);
            fresh.start();
        }
        try {
            stopper.get().join(remaining(deadline));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void stop(long deadline) {
        sessions.close(); // writers wake and end their responses; nothing here waits on clients
        handler.closeStateless();
        try {
            // Half the budget for streams to write their last chunk, so clients see a clean end ...
            handler.awaitIdle(remaining(deadline).dividedBy(2));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // ... then stopping closes every connection at once, which also frees a writer blocked on a
        // client that stopped reading.
        httpServer.stop();
        executor.shutdownNow();
        try {
            if (!executor.awaitTermination(remaining(deadline).toNanos(), TimeUnit.NANOSECONDS)) {
                LOG.warn("{}: some HTTP exchanges were still running when the close budget ran out", endpoint);
            }
            sessions.awaitStopped(remaining(deadline));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Duration remaining(long deadline) {
        return Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
    }
}
