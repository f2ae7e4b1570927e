package io.mcphost.server.http.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import javax.net.ssl.SSLContext;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The HTTP/1.1 server under the endpoint: Jetty's core API (no servlets) on one connector. A few
 * platform threads accept and select; every exchange runs on a virtual thread of the given executor
 * and may block there (reads, writes, waiting for the MCP server), so an open SSE stream costs a
 * parked virtual thread and a socket, not a platform thread. Limits: the idle timeout bounds every
 * read and write that waits on the client (a stalled upload, a client that stops reading its stream)
 * and the wait for the next request on a kept-alive connection; an exchange waiting on the server
 * with no I/O pending is not timed out (its stream's keep-alives and the session's idle timeout see
 * to that); request headers are capped (431 beyond). With a TLS context the one connector speaks
 * HTTP/1.1 inside TLS (Jetty's {@link SslContextFactory.Server} over the given context), and nothing
 * else: a plain request on it fails its handshake.
 */
public final class JettyServer {
    /**
     * Connections the kernel may queue before the server accepts them; Jetty's default (50 on Linux)
     * is less than one burst of a client's concurrent requests (64 at once from McpHost).
     */
    private static final int ACCEPT_QUEUE = 1024;

    private final Server server;
    private final ServerConnector connector;

    private JettyServer(Server server, ServerConnector connector) {
        this.server = server;
        this.connector = connector;
    }

    /**
     * Binds {@code address:port} and serves {@code endpoint} on {@code virtualThreads}; returns once
     * connections are accepted.
     *
     * @param tls the key and certificate to serve {@code https} with, or null for plain {@code http}
     * @throws UncheckedIOException if the address cannot be bound
     */
    public static JettyServer start(InetAddress address, int port, HttpSettings settings, HttpEndpoint endpoint,
                                    ExecutorService virtualThreads, SSLContext tls) {
        QueuedThreadPool threads = new QueuedThreadPool(8, 2);
        threads.setName("mcphost-http-jetty");
        threads.setReservedThreads(0);
        threads.setVirtualThreadsExecutor(virtualThreads);
        Server server = new Server(threads);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setRequestHeaderSize(settings.maxHeaderBytes());
        // Jetty's per-connection cache of parsed header fields (1,024 entries by default) is a ~97 KiB
        // trie on each connection: 2.8x the heap of a whole open stream without it, for saving a few
        // small strings per request.
        http.setHeaderCacheSize(0);
        ServerConnector connector = tls == null
                ? new ServerConnector(server, 1, 1, new HttpConnectionFactory(http))
                : new ServerConnector(server, 1, 1, tlsFactory(tls, http), new HttpConnectionFactory(http));
        connector.setHost(address.getHostAddress());
        connector.setPort(port);
        connector.setIdleTimeout(settings.idleTimeout().toMillis());
        connector.setAcceptQueueSize(ACCEPT_QUEUE);
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract() { // blocking: Jetty calls it on a virtual thread
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                // Waiting on the MCP server (a JSON-mode call, a quiet stream between keep-alives) is
                // not idleness of the connection; reads and writes still time out.
                request.addIdleTimeoutListener(timeout -> false);
                endpoint.handle(new JettyExchange(request, response, callback, endpoint.openStreams()));
                return true;
            }
        });
        try {
            server.start();
        } catch (Exception e) {
            stopQuietly(server);
            String where = address.getHostAddress() + ":" + port;
            throw e instanceof IOException io ? new UncheckedIOException("cannot listen on " + where, io)
                    : new UncheckedIOException(new IOException("cannot listen on " + where, e));
        }
        return new JettyServer(server, connector);
    }

    /**
     * TLS in front of HTTP/1.1. The context is used as given (its key managers choose the certificate);
     * Jetty still leaves out the protocols and cipher suites it deems weak. The customizer marks
     * requests secure ({@code https} scheme) and, when the client named a host by SNI, checks that
     * the {@code Host} header names the same one.
     */
    private static SslConnectionFactory tlsFactory(SSLContext tls, HttpConfiguration http) {
        SslContextFactory.Server factory = new SslContextFactory.Server();
        factory.setSslContext(tls);
        http.addCustomizer(new SecureRequestCustomizer());
        return new SslConnectionFactory(factory, HttpVersion.HTTP_1_1.asString());
    }

    /** The address actually bound (the port chosen when 0 was asked). */
    public InetSocketAddress address() {
        return new InetSocketAddress(connector.getHost(), connector.getLocalPort());
    }

    /**
     * Stops accepting connections (a load balancer's connect then fails, and it tries another replica);
     * the connections already open keep being served, and those idle are closed.
     */
    public void stopAccepting() {
        connector.shutdown();
    }

    /** Stops accepting and closes every connection at once, which also frees a writer blocked on a client. */
    public void stop() {
        stopQuietly(server);
    }

    private static void stopQuietly(Server server) {
        try {
            server.stop();
        } catch (Exception e) {
            // stopping is best effort: whatever is left open dies with its sockets
        }
    }
}
