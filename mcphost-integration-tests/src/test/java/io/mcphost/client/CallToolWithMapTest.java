package io.mcphost.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.server.demo.DemoServer;
import io.mcphost.transport.memory.MemoryTransport;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link McpClient#callToolWith}: arguments as a map, no Jackson tree in the caller's code. */
@Timeout(30)
class CallToolWithMapTest {

    @Test
    void aMapOfArgumentsReachesTheToolAsAJsonObject() throws Exception {
        var pair = MemoryTransport.pair();
        try (AutoCloseable server = DemoServer.server().serve(pair.server());
             McpClient client = McpClient.builder(pair.client()).name("demo").connect()) {

            assertThat(client.callToolWith("add", Map.of("a", 2, "b", 3)).text()).contains("5");
            assertThat(client.callToolWith("echo", Map.of("text", "hi")).text()).contains("hi");
        }
    }
}
