package io.mcphost.server.http;

import static io.mcphost.server.http.HttpProbe.call;
import static io.mcphost.server.http.HttpProbe.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.server.demo.DemoServer;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The demo server the CLI will serve over HTTP: its slow_task reports progress on the call's stream.
 * The timeout only catches a hang: the test starts Jetty and the JDK's HTTP client in what may be a
 * fresh JVM, 1-5 s on a loaded two-core machine and 16 s once under a CPU burner (a 10 s limit failed it).
 */
@Timeout(60)
class DemoServerHttpTest {

    @Test
    void theDemoServerServesSlowTaskWithProgressOverHttp() {
        try (StreamableHttpServer http = DemoServer.serveHttp(0)) {
            HttpProbe probe = new HttpProbe(http.endpoint());
            probe.initialize();

            String body = probe.post(call(2, "tools/call", """
                    {"name":"slow_task","arguments":{"steps":2,"delayMs":0},"_meta":{"progressToken":9}}""")).body();

            List<SseReader.Event> events = new SseReader(new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8))).rest();
            assertThat(events).extracting(e -> json(e.data()).path("method").asString(""))
                    .containsExactly("notifications/progress", "notifications/progress", "notifications/message", "");
            assertThat(json(events.getLast().data()).path("result").path("content").path(0).path("text").asString())
                    .isEqualTo("done: 2 steps");
            http.close(Duration.ofSeconds(1));
        }
    }
}
