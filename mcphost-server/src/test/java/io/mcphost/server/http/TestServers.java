package io.mcphost.server.http;

import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/** The server the HTTP tests serve: tools that echo, report progress, log, or wait for the test. */
final class TestServers {
    private static final JsonNode ANY_OBJECT = JsonCodec.get().mapper().readTree("{\"type\":\"object\"}");

    private TestServers() {
    }

    /** {@code gated} returns only once {@code gate} opens (at most 5 s), so a test controls when its response exists. */
    static McpServer server(CountDownLatch gate) {
        return McpServer.builder().name("http-test").version("1")
                .tool(Tool.of("echo", "Echoes text", ANY_OBJECT),
                        call -> CallToolResult.text(call.arguments().path("text").asString("")))
                .tool(Tool.of("progress", "Reports progress twice", ANY_OBJECT), call -> {
                    call.progress(1, 2.0, "half");
                    call.progress(2, 2.0, "all");
                    return CallToolResult.text("progressed");
                })
                .tool(Tool.of("log", "Logs a line", ANY_OBJECT), call -> {
                    call.log(LoggingLevel.WARNING, "hello from the log tool");
                    return CallToolResult.text("logged");
                })
                .tool(Tool.of("gated", "Waits for the test", ANY_OBJECT), call -> {
                    boolean opened = gate.await(5, TimeUnit.SECONDS);
                    return CallToolResult.text(opened ? "opened" : "timed out");
                })
                .build();
    }
}
