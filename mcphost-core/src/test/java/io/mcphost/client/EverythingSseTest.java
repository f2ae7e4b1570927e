package io.mcphost.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.transport.Transport;
import io.mcphost.transport.http.HttpTransport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * server-everything in {@code sse} mode (the 2024-11-05 HTTP+SSE transport), reached through the
 * automatic fallback: the Streamable HTTP POST to {@code /sse} is refused, so the client opens the
 * stream and posts to the endpoint it names.
 */
class EverythingSseTest extends EverythingServerContract {
    private EverythingHttpServer server;
    private HttpTransport http;

    @Override
    protected Transport newTransport() {
        server = EverythingHttpServer.start("sse");
        http = HttpTransport.builder(server.url("/sse")).name("everything").build();
        return http;
    }

    @AfterAll
    void stopServer() {
        server.close();
    }

    @Test
    void theClientFellBackToTheLegacyTransport() {
        assertThat(http.activeMode()).isEqualTo(HttpTransport.Mode.SSE);
    }
}
