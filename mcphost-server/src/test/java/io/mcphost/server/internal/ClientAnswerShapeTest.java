package io.mcphost.server.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.Json;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.RequestId;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A client's answer of JSON {@code null} to a question a handler asked (a legacy {@code "result": null},
 * a 2026-07-28 {@code inputResponses} entry of null) is a malformed answer, not a null result handed to
 * the handler: found by {@code LegacySessionFuzzTest} / {@code ModernRequestsFuzzTest}.
 */
class ClientAnswerShapeTest {
    private static final String META = """
            "_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",
             "io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"},
             "io.modelcontextprotocol/clientCapabilities":{"elicitation":{},"roots":{}}}""";
    private final FuzzWire wire = new FuzzWire();
    private final long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();

    @AfterEach
    void close() {
        wire.close();
        ServerFuzzKit.rethrowUnexpected();
    }

    private void initialize() {
        wire.call(JsonRpcRequest.of(RequestId.of("init"), McpMethod.INITIALIZE, Json.parse("""
                {"protocolVersion":"2025-11-25","capabilities":{"elicitation":{},"roots":{}},
                 "clientInfo":{"name":"t","version":"1"}}""")), deadline);
    }

    @Test
    void aLegacyNullAnswerFailsTheQuestionWithAnMcpException() {
        initialize();
        wire.scriptReply("null");
        JsonRpcMessage answer = wire.call(JsonRpcRequest.of(RequestId.of(1), McpMethod.TOOLS_CALL,
                Json.parse("{\"name\":\"ask\",\"arguments\":{}}")), deadline);

        // The handler caught the McpException its API documents and made it an isError result.
        assertThat(answer).isInstanceOfSatisfying(JsonRpcResponse.class, r -> {
            assertThat(r.result().path("isError").asBoolean()).isTrue();
            assertThat(r.result().toString()).contains("elicitation/create").contains("null");
        });
    }

    @Test
    void aLegacyNullRootsAnswerFailsTheQuestionWithAnMcpException() {
        initialize();
        wire.scriptReply("null");
        JsonRpcMessage answer = wire.call(JsonRpcRequest.of(RequestId.of(2), McpMethod.PROMPTS_GET,
                Json.parse("{\"name\":\"rooted\"}")), deadline);

        assertThat(answer).isInstanceOfSatisfying(JsonRpcResponse.class, r ->
                assertThat(r.result().toString()).contains("no roots").contains("roots/list"));
    }

    @Test
    void aModernNullInputResponseIsRefusedWithInvalidParams() {
        JsonRpcMessage answer = wire.call(JsonRpcRequest.of(RequestId.of(3), McpMethod.TOOLS_CALL, Json.parse(
                "{\"name\":\"ask\",\"arguments\":{},\"inputResponses\":{\"name\":null}," + META + "}")), deadline);

        assertThat(answer).isInstanceOfSatisfying(JsonRpcErrorResponse.class, e -> {
            assertThat(e.error().code()).isEqualTo(-32602);
            assertThat(e.error().message()).contains("inputResponses['name']");
        });
    }
}
