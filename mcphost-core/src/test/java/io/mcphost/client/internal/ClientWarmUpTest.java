package io.mcphost.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.McpClient;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import io.mcphost.transport.memory.MemoryTransport;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The first client of a JVM starts {@link ClientWarmUp}: its canned exchanges still go through the
 * client's real path (a change to that path that broke them would leave a cold first call slow
 * without a word), and it leaves no thread behind.
 */
class ClientWarmUpTest {
    @Test
    void theWarmUpsExchangesAllAnswerAndItsThreadEnds() throws Exception {
        MemoryTransport.Pair pair = MemoryTransport.pair();
        Transport server = pair.server();
        server.start(new InboundHandler() {
            @Override
            public void onMessage(JsonRpcMessage message) {
                if (message instanceof JsonRpcRequest request && request.method().equals("initialize")) {
                    server.send(new JsonRpcResponse(request.id(), JsonCodec.get().readTree("""
                            {"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"s","version":"1"}}""")));
                }
            }

            @Override
            public void onClosed(McpTransportException cause) {
            }
        });
        try (McpClient client = McpClient.builder(pair.client()).name("first").build()) {
            client.connect(); // starts the warm-up unless an earlier test's client did
            ClientWarmUp.done().get(30, TimeUnit.SECONDS); // throws what the warm-up threw
        } finally {
            server.close(Duration.ofSeconds(1));
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (warmUpThreadAlive() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(warmUpThreadAlive()).as("the warm-up thread ends with the warm-up").isFalse();
    }

    private static boolean warmUpThreadAlive() {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals("mcphost-client-warm-up"));
    }
}
