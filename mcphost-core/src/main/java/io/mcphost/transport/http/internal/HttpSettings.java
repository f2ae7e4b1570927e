package io.mcphost.transport.http.internal;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import javax.net.ssl.SSLContext;

/**
 * What {@link io.mcphost.transport.http.HttpTransport.Builder} collected, validated there.
 *
 * @param name                 the server's name in errors and logs
 * @param endpoint             the MCP endpoint (Streamable HTTP) or SSE URL (HTTP+SSE)
 * @param headers              sent on every request; values are never logged
 * @param connectTimeout       TCP/TLS connect deadline
 * @param maxMessageBytes      largest JSON body or SSE event accepted
 * @param maxReconnectAttempts attempts to resume one dropped SSE stream before giving up
 * @param defaultRetry         wait before resuming when the server sent no {@code retry}
 * @param listen               whether to open the GET stream for server-initiated messages
 * @param sslContext           the TLS context for {@code https}, or null for the JDK's default
 * @param oauth                the OAuth client that supplies every request's Authorization (and DPoP) header,
 *                             or null; its values are never logged
 */
public record HttpSettings(String name, URI endpoint, Map<String, String> headers, Duration connectTimeout,
                           int maxMessageBytes, int maxReconnectAttempts, Duration defaultRetry, boolean listen,
                           SSLContext sslContext,
                           io.mcphost.auth.OAuthClient oauth) {

    /** A started HTTP client for one start of the transport. */
    public org.eclipse.jetty.client.HttpClient startClient() {
        return HttpClients.start(name, connectTimeout, sslContext);
    }

    /** Runs {@code task} on a virtual thread of its own, named for this server's requests; returns at once. */
    public void startRequestThread(Runnable task) {
        Thread.ofVirtual().name("mcphost-http-" + name).start(task);
    }
}
