package io.mcphost.client.internal;

import io.mcphost.client.Era;
import io.mcphost.client.McpClient;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import io.mcphost.transport.memory.MemoryTransport;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.LoggerFactory;

/**
 * Runs a client's request path once, in the background, the first time any client of the JVM connects:
 * a private client over an in-memory pair answered by a canned responder lists tools and calls one.
 *
 * <p>Why: on a cold JVM the first call after the handshake paid 30–120 ms for linking the request path
 * (some twenty lambdas and method handles across the stages, the pending-request and decoding code)
 * and running it interpreted, while the handshake itself bypasses most of that path. Done while the
 * real server process is still starting, that cost leaves the first call. It touches nothing shared but
 * the JVM's linkage and Jackson's caches: the warm-up client has its own transport, no handlers, no
 * observer, and its traffic never leaves the JVM. {@code -Dmcphost.warmUp=false} turns it off.
 */
final class ClientWarmUp {
    private static final AtomicBoolean STARTED = new AtomicBoolean();
    private static final String INITIALIZE = """
            {"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"warm-up","version":"1"}}""";
    private static final String TOOLS = """
            {"tools":[{"name":"echo","inputSchema":{"type":"object","properties":{"text":{"type":"string"}}}}]}""";
    private static final String CALL = """
            {"content":[{"type":"text","text":"hello"}],"isError":false}""";

    private ClientWarmUp() {
    }

    /** Starts the warm-up on a daemon thread, once per JVM; returns at once. */
    static void startOnce() {
        if (!Boolean.parseBoolean(System.getProperty("mcphost.warmUp", "true")) || !STARTED.compareAndSet(false, true)) {
            return;
        }
        Thread.ofPlatform().daemon().name("mcphost-client-warm-up").start(ClientWarmUp::run);
    }

    private static void run() {
        MemoryTransport.Pair pair = MemoryTransport.pair();
        Transport server = pair.server();
        server.start(new InboundHandler() {
            @Override
            public void onMessage(JsonRpcMessage message) {
                if (message instanceof JsonRpcRequest request) {
                    String result = switch (request.method()) {
                        case "initialize" -> INITIALIZE;
                        case "tools/list" -> TOOLS;
                        case "tools/call" -> CALL;
                        default -> "{}";
                    };
                    server.send(new JsonRpcResponse(request.id(), JsonCodec.get().mapper().readTree(result)));
                }
            }

            @Override
            public void onClosed(McpTransportException cause) {
            }
        });
        try (McpClient client = McpClient.builder(pair.client()).name("mcphost-warm-up").era(Era.LEGACY).build()) {
            client.connect();
            client.listTools();
            client.callToolWith("echo", Map.of("text", "hello")).content();
        } catch (RuntimeException e) {
            // Only a head start: the real client runs the same code when it needs it.
            LoggerFactory.getLogger(ClientWarmUp.class).debug("client warm-up failed", e);
        } finally {
            server.close();
        }
    }
}
