package io.mcphost.bench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.server.demo.DemoServer;
import io.mcphost.server.http.StreamableHttpServer;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The gateway-idle scenario's parts: the holder's three kinds of stream, reading a class histogram, the gateway's command line. */
class GatewayIdleTest {
    @Test
    void theHolderOpensEachKindOfStreamAndTheServerKeepsThem() throws Exception {
        StreamableHttpServer server = StreamableHttpServer.builder(DemoServer.server()).start();
        List<Socket> open = new ArrayList<>();
        try {
            for (StreamHolder.Mode mode : StreamHolder.Mode.values()) {
                for (int i = 0; i < 2; i++) {
                    open.add(StreamHolder.openStream(server.endpoint(), mode));
                }
            }
            // get and legacy make a session each; a 2026-07-28 listen stream needs none
            assertThat(server.sessionIds()).hasSize(4);
            assertThat(open).allSatisfy(s -> assertThat(s.isClosed()).isFalse());
        } finally {
            for (Socket s : open) {
                s.close();
            }
            server.close(Duration.ofSeconds(5));
        }
        assertThat(StreamHolder.Mode.of("listen")).isEqualTo(StreamHolder.Mode.LISTEN);
    }

    @Test
    void aClassHistogramGivesItsTotalAndWhatGrew() {
        String before = """
                12345:
                 num     #instances         #bytes  class name (module)
                -------------------------------------------------------
                   1:          1000         100000  [B (java.base@25.0.3)
                   2:            10            400  java.lang.String (java.base@25.0.3)
                Total          1010         100400
                """;
        String after = """
                12345:
                 num     #instances         #bytes  class name (module)
                -------------------------------------------------------
                   1:          3000         300000  [B (java.base@25.0.3)
                   2:           100           4000  java.lang.String (java.base@25.0.3)
                   3:            10            800  org.eclipse.jetty.io.SocketChannelEndPoint
                Total          3110         304800
                """;
        GatewayIdleScenarios.Histogram b = GatewayIdleScenarios.Histogram.of(before);
        GatewayIdleScenarios.Histogram a = GatewayIdleScenarios.Histogram.of(after);

        assertThat(b.total()).isEqualTo(100_400);
        assertThat(a.total()).isEqualTo(304_800);
        assertThat(a.grewMost(b, 2, 10)).isEqualTo("[B 20000 B, java.lang.String 360 B");
        assertThatThrownBy(() -> GatewayIdleScenarios.Histogram.of("12345:\nAttachNotSupportedException"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void cpuTicksAreUserPlusSystemTimeEvenWhenTheNameHoldsSpacesAndParentheses() {
        String stat = "4242 (java (x) y) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 75 0 0 20 0 40 0 123 456 789";

        assertThat(GatewayProcess.cpuTicks(stat)).isEqualTo(325);
    }

    @Test
    void theGatewayIsServeWithItsLimitsRaisedAboveTheIdleClients(@TempDir Path scratch) throws Exception {
        GatewayProcess.Kind kind = GatewayProcess.mcphost("mcphost", "v", List.of("-Xmx1g"), GatewayIdleScenarios.FLAGS);
        List<String> line = kind.command().of(4321, scratch);

        assertThat(line).containsSubsequence("-Xmx1g", "-jar", "serve", "--config", "--http", "127.0.0.1:4321",
                "--max-sessions", "20000", "--max-concurrent", "20000", "--rate");
        assertThat(Integer.parseInt(line.get(line.indexOf("--max-sessions") + 1))).isGreaterThan(10_001);
    }
}
