package io.mcphost.transport.http.internal;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.transport.HttpClientTransportOverHTTP;
import org.eclipse.jetty.http.HttpCookieStore;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.ClientConnector;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.Invocable;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;

/**
 * Makes and stops the one HTTP client of a transport's start: Jetty's {@link HttpClient} over
 * HTTP/1.1, for {@code http} and {@code https} alike. As the JDK client the transport used before
 * (and what MCP needs): no redirects followed, no cookies kept, no content decoding asked for (a
 * compressed SSE stream would be held back by the decoder), no idle limit on an exchange (a stream
 * may be silent for hours: the client's deadlines bound a call), keep-alive connections dropped
 * after {@value #POOL_IDLE_SECONDS} s idle. Its threads are daemons named {@code mcphost-http-client-*};
 * a few platform threads wait on the sockets, and no blocking read ever runs on one of them: the
 * transport's readers block on a body's stream on their own virtual threads.
 */
public final class HttpClients {
    static final int POOL_IDLE_SECONDS = 20;
    private static final AtomicInteger CREATED = new AtomicInteger();

    private HttpClients() {
    }

    /**
     * A started client.
     *
     * @param ssl the TLS context for {@code https}, or null for the JDK's default (its trust store,
     *            host names verified)
     * @throws IllegalStateException when the client cannot start
     */
    public static HttpClient start(String name, Duration connectTimeout, SSLContext ssl) {
        ClientConnector connector = new ClientConnector();
        connector.setSelectors(1);
        connector.setConnectTimeout(connectTimeout);
        connector.setIdleTimeout(Duration.ofSeconds(POOL_IDLE_SECONDS));
        connector.setTCPNoDelay(true);
        SslContextFactory.Client tls = new SslContextFactory.Client();
        if (ssl != null) {
            tls.setSslContext(ssl);
        }
        connector.setSslContextFactory(tls);
        QueuedThreadPool threads = new QueuedThreadPool(16, 2);
        threads.setName("mcphost-http-client-" + name);
        threads.setDaemon(true);
        threads.setReservedThreads(1);
        threads.setStopTimeout(200); // idle threads are woken and joined; a busy one is interrupted after this
        connector.setExecutor(threads);
        connector.setScheduler(new ScheduledExecutorScheduler("mcphost-http-client-" + name + "-timer", true));
        HttpClientTransportOverHTTP transport = new HttpClientTransportOverHTTP(connector);
        // The selector thread parses an answer and runs our listeners itself, without handing each answer
        // to a pool thread first (one thread hand-off per answer less). Our listeners never block: a JSON
        // answer is decoded and given to the client's inbound side, which never blocks either (it serves
        // the stdio reader alike); a stream is handed to a virtual thread of ours at its headers.
        transport.setInvocationType(Invocable.InvocationType.NON_BLOCKING);
        HttpClient client = new HttpClient(transport);
        client.setExecutor(threads);
        client.setFollowRedirects(false);
        client.setHttpCookieStore(new HttpCookieStore.Empty());
        client.setUserAgentField(new HttpField(HttpHeader.USER_AGENT, "mcphost"));
        // Requests in flight are bounded by the transport (64 per engine, plus streams): never queue one here.
        client.setMaxConnectionsPerDestination(1024);
        try {
            client.start();
        } catch (Exception e) {
            throw new IllegalStateException("the HTTP client could not start: " + e, e);
        }
        client.getContentDecoderFactories().clear(); // after start, which installs the defaults
        CREATED.incrementAndGet();
        return client;
    }

    /**
     * Stops {@code client} on a thread of its own, so that no caller waits for it: every connection
     * closed, every exchange aborted, then its threads ended (within a fraction of a second).
     */
    public static void stop(HttpClient client) {
        Thread.ofVirtual().name("mcphost-http-stop").start(() -> stopNow(client));
    }

    private static void stopNow(HttpClient client) {
        try {
            client.stop();
        } catch (Exception e) {
            // Stopping: nothing left to free that stop did not already try.
        }
        // The threads and the timer are shared by the client and its connector: stopped here, whoever owns them.
        for (Object part : new Object[] {client.getExecutor(), client.getScheduler()}) {
            if (part instanceof org.eclipse.jetty.util.component.LifeCycle running) {
                try {
                    running.stop();
                } catch (Exception e) {
                    // as above
                }
            }
        }
    }

    /** How many clients this JVM has started (tests: one client per transport start, kept across re-initialisation). */
    public static int started() {
        return CREATED.get();
    }
}
