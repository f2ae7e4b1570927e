package io.mcphost.host;

import io.mcphost.client.McpClient;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.transport.stdio.StdioTransport;

/** A program that starts a server, uses it, and returns from main without closing anything. */
public final class ForgetfulApp {
    private ForgetfulApp() {
    }

    public static void main(String[] args) {
        StdioTransport transport = StdioTransport.builder(DemoServer.command()).name("demo").build();
        McpClient client = McpClient.builder(transport).name("demo").connect();
        client.callTool("echo", JsonCodec.get().mapper().readTree("{\"text\":\"x\"}"));
        System.out.println("PID " + transport.process().orElseThrow().pid());
        System.out.flush();
    }
}
