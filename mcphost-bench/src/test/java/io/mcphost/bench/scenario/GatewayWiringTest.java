package io.mcphost.bench.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.bench.subject.Subject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The gateway scenario's wiring: each gateway's command line, the upstream it is given, and what a missing install says. */
class GatewayWiringTest {
    @Test
    void everyGatewayFrontsTheFloorServerOnItsOwnPort(@TempDir Path scratch) throws Exception {
        List<GatewayProcess.Kind> kinds = GatewayKinds.kinds();
        assertThat(kinds).extracting(GatewayProcess.Kind::label).containsExactly("mcphost", "supergateway", "mcp-proxy", "mcp-hub",
                GatewayKinds.FLOOR_GATEWAY);
        String floor = io.mcphost.bench.floor.FloorServer.class.getName();
        for (GatewayProcess.Kind kind : kinds) {
            List<String> line = kind.command().of(4321, scratch);
            assertThat(String.join(" ", line)).as(kind.label()).contains("4321");
            boolean viaConfig = line.contains("--config");
            if (viaConfig) {
                JsonNode config = JsonMapper.builder().build().readTree(Files.readString(Path.of(line.get(line.indexOf("--config") + 1))));
                assertThat(config.path("mcpServers").path("floor").path("args").toString()).as(kind.label()).contains(floor);
                assertThat(kind.tool()).isEqualTo("floor__echo"); // both name a config's tools server__tool
            } else {
                assertThat(String.join(" ", line)).as(kind.label()).contains(floor);
                assertThat(kind.tool()).isEqualTo("echo");
            }
        }
        // supergateway without --stateful starts a server per POST; mcp-hub serves only the 2024-11-05 transport
        assertThat(kinds.get(1).command().of(1, scratch)).contains("--stateful", "streamableHttp");
        assertThat(kinds).filteredOn(GatewayProcess.Kind::legacySse).extracting(GatewayProcess.Kind::label).containsExactly("mcp-hub");
        assertThat(kinds.get(0).command().of(1, scratch)).containsSubsequence("serve", "--http", "127.0.0.1:1");
    }

    @Test
    void theFloorGatewayForwardsEachCallToItsUpstreamAndAnswersWithItsLine() {
        GatewayProcess.Kind floor = GatewayKinds.kinds().getLast();
        assertThat(GatewayKinds.missing(floor)).isNull();
        try (GatewayProcess process = GatewayProcess.start(floor, Duration.ofSeconds(60));
             Subject client = GatewayClients.connectRetrying(process, Duration.ofSeconds(30))) {
            for (int i = 0; i < 20; i++) {
                assertThat(client.echo("call " + i)).isEqualTo("call " + i);
            }
            assertThat(client.listTools()).isEqualTo(1);
        }
    }

    @Test
    void theFloorCommandIsAbsoluteSoAGatewayMayStartItFromAnywhere() {
        List<String> command = GatewayKinds.floorCommand();
        String classPath = command.get(command.indexOf("-cp") + 1);
        for (String entry : classPath.split(java.io.File.pathSeparator)) {
            assertThat(Path.of(entry)).isAbsolute();
        }
    }

    @Test
    void shellLineSurvivesTheShell() throws Exception {
        List<String> words = List.of("java", "-cp", "/a b/c.jar", "it's", "$HOME", "x;y");
        Process sh = new ProcessBuilder("/bin/sh", "-c", "printf '%s\\n' " + GatewayKinds.shellLine(words)).start();
        List<String> out = new ArrayList<>(List.of(new String(sh.getInputStream().readAllBytes(), StandardCharsets.UTF_8).split("\n")));
        assertThat(sh.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(out).isEqualTo(words);
    }

    @Test
    void aMissingInstallSaysHowToInstall(@TempDir Path empty) {
        String before = System.getProperty("mcphost.gateways.dir");
        System.setProperty("mcphost.gateways.dir", empty.toString());
        try {
            assertThat(GatewayKinds.missing(GatewayKinds.kinds().get(1)))
                    .contains("npm ci --prefix fixtures/npm-gateways");
        } finally {
            if (before == null) {
                System.clearProperty("mcphost.gateways.dir");
            } else {
                System.setProperty("mcphost.gateways.dir", before);
            }
        }
    }
}
