package io.mcphost.examples;

import io.mcphost.client.McpClient;
import io.mcphost.client.McpClientBuilder;
import java.util.Map;

/** The README's first sample: start a server, call one tool, print its text. */
public final class FirstCall {
    private FirstCall() {
    }

    public static void main(String[] args) {
        System.out.println(sum(McpClient.stdio("npx", "-y", "@modelcontextprotocol/server-everything")));
    }

    /** Connects (the handshake), calls get-sum with a Map as arguments, and returns the result's text. */
    static String sum(McpClientBuilder server) {
        try (McpClient client = server.connect()) {
            return client.callToolWith("get-sum", Map.of("a", 1, "b", 2)).text();   // "The sum of 1 and 2 is 3."
        }
    }
}
