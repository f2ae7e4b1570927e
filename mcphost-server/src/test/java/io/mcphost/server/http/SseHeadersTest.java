package io.mcphost.server.http;

import static io.mcphost.server.http.HttpProbe.call;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Every kind of SSE response tells proxies neither to buffer nor to cache it. */
@Timeout(10)
class SseHeadersTest {
    private final CountDownLatch gate = new CountDownLatch(1);
    private final StreamableHttpServer http = StreamableHttpServer.builder(TestServers.server(gate)).start();

    @AfterEach
    void stop() {
        gate.countDown();
        http.close(Duration.ofSeconds(2));
    }

    @Test
    void requestGetAndModernStreamsCarryNoBufferingAndNoCache() {
        HttpProbe probe = new HttpProbe(http.endpoint());
        HttpResponse<String> request = probe.initialize(); // answered as SSE
        HttpResponse<InputStream> get = probe.get(null);
        HttpResponse<String> modern = probe.send(HttpRequest.newBuilder(http.endpoint())
                .header("Content-Type", "application/json").header("Accept", HttpProbe.BOTH)
                .header("MCP-Protocol-Version", "2026-07-28").header("Mcp-Method", "tools/call").header("Mcp-Name", "progress")
                .POST(HttpRequest.BodyPublishers.ofString(call(5, "tools/call", """
                        {"name":"progress","arguments":{},"_meta":{"progressToken":"p",
                         "io.modelcontextprotocol/protocolVersion":"2026-07-28",
                         "io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"},
                         "io.modelcontextprotocol/clientCapabilities":{}}}"""))).build(),
                HttpResponse.BodyHandlers.ofString());

        for (HttpResponse<?> r : List.of(request, get, modern)) {
            assertThat(r.headers().firstValue("Content-Type")).as("%s", r.uri()).hasValue("text/event-stream");
            assertThat(r.headers().allValues("X-Accel-Buffering")).containsExactly("no");
            assertThat(r.headers().allValues("Cache-Control")).containsExactly("no-cache");
        }
    }
}
