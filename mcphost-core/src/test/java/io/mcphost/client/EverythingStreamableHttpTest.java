package io.mcphost.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.transport.Transport;
import io.mcphost.transport.http.HttpTransport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** server-everything in {@code streamableHttp} mode, reached over Streamable HTTP. */
class EverythingStreamableHttpTest extends EverythingServerContract {
    private EverythingHttpServer server;
    private HttpTransport http;

    @Override
    protected Transport newTransport() {
        server = EverythingHttpServer.start("streamableHttp");
        http = HttpTransport.builder(server.url("/mcp")).name("everything").build();
        return http;
    }

    @AfterAll
    void stopServer() {
        server.close();
    }

    @Test
    void theStreamableTransportIsTheOneInUse() {
        assertThat(http.activeMode()).isEqualTo(HttpTransport.Mode.STREAMABLE_HTTP);
    }
}
