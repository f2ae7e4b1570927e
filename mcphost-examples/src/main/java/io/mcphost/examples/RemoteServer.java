package io.mcphost.examples;

import io.mcphost.client.McpClient;
import io.mcphost.transport.http.HttpTransport;

/** The remote-server sample of docs/library.md: a client over Streamable HTTP (falling back to HTTP+SSE) with a header. */
public final class RemoteServer {
    private RemoteServer() {
    }

    public static void main(String[] args) {
        System.out.println(serverName("https://mcp.example.com/mcp"));
    }

    static String serverName(String url) {
        HttpTransport transport = HttpTransport.builder(url)
                .header("X-Team", "tools")         // .bearerTokenEnv("EXAMPLE_TOKEN") reads a token; never logged
                .build();                          // Mode.AUTO: Streamable HTTP, else HTTP+SSE
        try (McpClient client = McpClient.builder(transport).name("example").connect()) {
            return client.serverInfo().name();
        }
        // shortest form: McpClient.http(url).connect()
    }
}
