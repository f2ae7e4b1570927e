package io.mcphost.server;

import static io.mcphost.server.Fixtures.echoServer;
import static io.mcphost.server.Fixtures.fullServer;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.testkit.RawClient;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/** The server side of the initialize handshake, capabilities and the requests every server answers. */
class LifecycleTest {
    private RawClient client;

    @AfterEach
    void close() {
        if (client != null) {
            client.close();
        }
    }

    private static String initialize(String version) {
        return """
                {"protocolVersion":"%s","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}""".formatted(version);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"})
    void initializeEchoesEveryHandshakeRevisionTheServerSpeaks(String version) {
        client = RawClient.connect(fullServer().instructions("Be nice.").build());

        JsonNode result = client.result("initialize", initialize(version));

        assertThat(result.path("protocolVersion").asString()).isEqualTo(version);
        assertThat(result.path("serverInfo").path("name").asString()).isEqualTo("test");
        assertThat(result.path("serverInfo").path("version").asString()).isEqualTo("1.0");
        assertThat(result.path("instructions").asString()).isEqualTo("Be nice.");
        WireSchema.assertValid(result, "InitializeResult");
    }

    @ParameterizedTest
    @ValueSource(strings = {"1999-01-01", "2026-07-28", "next-year", ""})
    void initializeAnswersTheNewestHandshakeRevisionWhenTheClientsIsUnknown(String version) {
        client = RawClient.connect(echoServer().build());

        JsonNode result = client.result("initialize", initialize(version));

        assertThat(result.path("protocolVersion").asString()).isEqualTo(ProtocolVersion.LATEST_HANDSHAKE.id());
    }

    @Test
    void aServerWithNothingRegisteredAnnouncesOnlyLogging() {
        client = RawClient.connect(McpServer.builder().build());

        JsonNode capabilities = client.result("initialize", initialize("2025-11-25")).path("capabilities");

        assertThat(capabilities.propertyNames()).containsExactly("logging");
    }

    @Test
    void aServerWithOnlyToolsAnnouncesToolsWithListChanged() {
        client = RawClient.connect(echoServer().build());

        JsonNode capabilities = client.result("initialize", initialize("2025-11-25")).path("capabilities");

        assertThat(capabilities.propertyNames()).containsExactlyInAnyOrder("logging", "tools");
        assertThat(capabilities.path("tools").path("listChanged").asBoolean(false)).isTrue();
    }

    @Test
    void aServerWithEverythingAnnouncesEveryCapability() {
        client = RawClient.connect(fullServer().build());

        JsonNode capabilities = client.result("initialize", initialize("2025-11-25")).path("capabilities");

        assertThat(capabilities.propertyNames())
                .containsExactlyInAnyOrder("logging", "tools", "resources", "prompts", "completions");
        // The application may announce changes (McpServer.notify...), so both are on.
        assertThat(capabilities.path("resources").path("subscribe").asBoolean(false)).isTrue();
        assertThat(capabilities.path("resources").path("listChanged").asBoolean(false)).isTrue();
        assertThat(capabilities.path("prompts").path("listChanged").asBoolean(false)).isTrue();
    }

    @Test
    void completionsAreNotAnnouncedToA20241105Client() {
        client = RawClient.connect(fullServer().build());

        JsonNode capabilities = client.result("initialize", initialize("2024-11-05")).path("capabilities");

        assertThat(capabilities.has("completions")).isFalse();
        assertThat(capabilities.has("prompts")).isTrue();
    }

    @Test
    void requestsBeforeInitializeAreRefusedButPingIsAnswered() {
        client = RawClient.connect(echoServer().build());

        JsonRpcError early = client.error("tools/list", null);
        JsonNode pong = client.result("ping", null);

        assertThat(early.code()).isEqualTo(JsonRpcError.INVALID_REQUEST);
        assertThat(early.message()).isEqualTo("the session is not initialized: send initialize before tools/list");
        assertThat(pong.isEmpty()).isTrue();
        client.result("initialize", initialize("2025-11-25"));
        assertThat(client.result("tools/list", null).path("tools")).hasSize(1);
    }

    @Test
    void aSecondInitializeIsRefused() {
        client = RawClient.initialized(echoServer().build());

        JsonRpcError again = client.error("initialize", initialize("2025-11-25"));

        assertThat(again.code()).isEqualTo(JsonRpcError.INVALID_REQUEST);
        assertThat(again.message()).contains("already initialized");
    }

    @Test
    void anUnknownMethodIsMethodNotFound() {
        client = RawClient.initialized(echoServer().build());

        JsonRpcError error = client.error("tools/frobnicate", "{}");

        assertThat(error.code()).isEqualTo(JsonRpcError.METHOD_NOT_FOUND);
        assertThat(error.message()).contains("tools/frobnicate");
    }

    @Test
    void paramsThatAreNotAnObjectAreInvalidParams() {
        client = RawClient.initialized(echoServer().build());

        JsonRpcError error = client.error("tools/list", "[1, 2]");

        assertThat(error.code()).isEqualTo(JsonRpcError.INVALID_PARAMS);
    }

    @Test
    void anUnknownLoggingLevelIsInvalidParamsAndAKnownOneIsAccepted() {
        client = RawClient.initialized(echoServer().build());

        JsonRpcError error = client.error("logging/setLevel", "{\"level\":\"loud\"}");
        JsonNode accepted = client.result("logging/setLevel", "{\"level\":\"warning\"}");

        assertThat(error.code()).isEqualTo(JsonRpcError.INVALID_PARAMS);
        assertThat(error.message()).contains("loud");
        assertThat(accepted.isEmpty()).isTrue();
    }

    @Test
    void theSessionEndsWhenTheClientGoesAway() throws Exception {
        client = RawClient.initialized(echoServer().build());
        ServerSession session = client.session();

        client.close();

        assertThat(session.awaitClose(Duration.ofSeconds(5))).isTrue();
        assertThat(session.isClosed()).isTrue();
    }

    @Test
    void theBuilderSetsNameAndVersionSeparately() {
        McpServer server = McpServer.builder().serverInfo(Implementation.of("a", "0")).name("b").version("2.0").build();

        assertThat(server.serverInfo()).isEqualTo(Implementation.of("b", "2.0"));
    }
}
