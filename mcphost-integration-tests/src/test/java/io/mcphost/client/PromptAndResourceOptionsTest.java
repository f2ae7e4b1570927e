package io.mcphost.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.testkit.RecordingTransport;
import io.mcphost.transport.memory.MemoryTransport;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Prompts and resource reads take CallOptions like tool calls: their {@code _meta} reaches the server. */
class PromptAndResourceOptionsTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static JsonNode sentMeta(RecordingTransport wire, String method) {
        return wire.sent().stream().filter(m -> m instanceof JsonRpcRequest r && r.method().equals(method))
                .map(m -> ((JsonRpcRequest) m).params().orElseThrow().path("_meta")).reduce((a, b) -> b).orElseThrow();
    }

    @Test
    void theCallsMetaTravelsWithPromptsAndResourceReads() throws Exception {
        var pair = MemoryTransport.pair();
        try (AutoCloseable served = DemoServer.server().serve(pair.server())) {
            RecordingTransport wire = new RecordingTransport(pair.client());
            CallOptions options = CallOptions.builder()
                    .meta(JSON.readTree("{\"traceparent\":\"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01\"}"))
                    .build();
            try (McpClient client = McpClient.builder(wire).name("demo").connect()) {
                client.getPrompt("summarize", Map.of("text", "abc"), options);
                String uri = client.listResources().getFirst().uri();
                client.readResource(uri, options);
            }
            assertThat(sentMeta(wire, "prompts/get").path("traceparent").stringValue()).startsWith("00-0af7651916cd43dd");
            assertThat(sentMeta(wire, "resources/read").path("traceparent").stringValue()).startsWith("00-0af7651916cd43dd");
        }
    }
}
