package io.mcphost.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The floor server's framing: one answer line per request line, none for notifications. */
class FloorServerTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void answersEachRequestOnItsOwnLineAndNotificationsNotAtAll() throws IOException {
        String input = """
                {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}
                {"jsonrpc":"2.0","method":"notifications/initialized"}
                {"jsonrpc":"2.0","id":"b","method":"tools/list"}
                {"jsonrpc":"2.0","method":"tools/call","id":3,"params":{"name":"echo","arguments":{"id":99,"text":"a \\"quoted\\" word"}}}
                {"jsonrpc":"2.0","id":4,"method":"resources/list"}
                """;
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        FloorServer.serve(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out);

        String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
        assertThat(lines).hasSize(4);
        JsonNode init = JSON.readTree(lines[0]);
        assertThat(init.path("id").asInt()).isEqualTo(1);
        assertThat(init.path("result").path("protocolVersion").asString()).isEqualTo("2025-11-25");
        JsonNode list = JSON.readTree(lines[1]);
        assertThat(list.path("id").asString()).isEqualTo("b");
        assertThat(list.path("result").path("tools").get(0).path("name").asString()).isEqualTo("echo");
        JsonNode call = JSON.readTree(lines[2]);
        assertThat(call.path("id").asInt()).as("the top-level id, not the argument's").isEqualTo(3);
        assertThat(call.path("result").path("content").get(0).path("text").asString()).isEqualTo("a \"quoted\" word");
        assertThat(JSON.readTree(lines[3]).path("error").path("code").asInt()).isEqualTo(-32601);
    }
}
