package io.mcphost.host;

import io.mcphost.host.ServerSpec;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.testkit.ServerSpecs;
import io.mcphost.transport.stdio.StdioTransport;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Servers for the host tests: in-process toolkit servers, the demo server as a child process, npm's server-everything. */
final class HostFixtures {
    private HostFixtures() {
    }

    /** An in-process server over a fresh memory pair per start; sessions are collected for closing. */
    static ServerSpec.Builder inProcess(String name, Supplier<McpServer> server, List<AutoCloseable> toClose) {
        return ServerSpecs.inProcess(name, server, toClose);
    }

    /** A toolkit server whose tools answer with the server's own label, so a test sees where a call went. */
    static McpServer labelled(String label, String... toolNames) {
        McpServer.Builder b = McpServer.builder().name(label).version("1.0");
        for (String tool : toolNames) {
            b.tool(Tool.of(tool, "The " + tool + " tool of " + label, JsonCodec.get().mapper().readTree("""
                    {"type":"object","properties":{"text":{"type":"string"}}}""")),
                    call -> CallToolResult.text(label + ":" + tool + ":" + call.arguments().path("text").asString("")));
        }
        return b.build();
    }

    /** The demo server as a child JVM; the transports it creates are recorded so a test can kill the process. */
    static ServerSpec.Builder demoProcess(String name, List<StdioTransport> started) {
        return ServerSpec.builder(name, () -> {
            StdioTransport t = StdioTransport.builder(DemoServer.command()).name(name).build();
            started.add(t);
            return t;
        });
    }

    static List<StdioTransport> recorder() {
        return new CopyOnWriteArrayList<>();
    }

    static ObjectNode args(Object... keyValues) {
        ObjectNode node = JsonCodec.get().newObject();
        for (int i = 0; i < keyValues.length; i += 2) {
            node.set((String) keyValues[i], JsonCodec.get().mapper().valueToTree(keyValues[i + 1]));
        }
        return node;
    }

    static String text(CallToolResult result) {
        return result.content().stream().map(c -> c instanceof io.mcphost.protocol.content.TextContent t ? t.text() : "")
                .reduce("", String::concat);
    }

    static JsonNode json(String text) {
        return JsonCodec.get().mapper().readTree(text);
    }
}
