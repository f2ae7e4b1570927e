package io.mcphost.bench.subject;

import io.mcphost.bench.floor.RawClient;
import io.mcphost.bench.floor.RawHttpClient;
import io.mcphost.client.McpClient;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.content.ContentBlock;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.transport.http.HttpTransport;
import io.mcphost.transport.stdio.StdioTransport;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.modern.client.transport.StdioMcpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Connects a {@link Subject} of each {@link Library} to a server started from a command line.
 * Each library is used the way its README shows, with the same request timeout. Stateless.
 */
public final class Subjects {
    private Subjects() {
    }

    /**
     * Starts {@code server} and connects {@code library}'s client to it; returns once initialized.
     *
     * @throws RuntimeException whatever the library throws when the start or handshake fails
     */
    public static Subject connect(Library library, ServerKind server, Duration timeout) {
        return switch (library) {
            case MCPHOST -> mcphost(server, timeout, Era.AUTO);
            case MCPHOST_MODERN -> mcphost(server, timeout, Era.MODERN);
            case SDK_SYNC -> sdkSync(server, timeout);
            case SDK_ASYNC -> sdkAsync(server, timeout);
            case SDK_MODERN -> sdkModern(server, timeout);
            case FLOOR -> RawClient.connect(server.command(), server.echoArg(), timeout);
            case TS_SDK -> throw new IllegalArgumentException("ts-sdk runs in node: see SubjectProcess");
        };
    }

    /**
     * Connects {@code library}'s Streamable HTTP client to {@code endpoint}; returns once initialized.
     *
     * @throws RuntimeException whatever the library throws when the handshake fails
     */
    public static Subject connectHttp(Library library, URI endpoint, Duration timeout) {
        return connectHttp(library, endpoint, timeout, null);
    }

    /**
     * As {@link #connectHttp(Library, URI, Duration)}, an {@code https} endpoint reached with
     * {@code tls} (null: the JDK's default context), given to each library the way it documents:
     * McpHost's {@code HttpTransport.Builder.sslContext}, the SDK's {@code customizeClient} on its
     * JDK {@code HttpClient.Builder}, the floor's sockets. All three verify the host name.
     */
    public static Subject connectHttp(Library library, URI endpoint, Duration timeout, SSLContext tls) {
        String base = endpoint.getScheme() + "://" + endpoint.getAuthority();
        return switch (library) {
            case MCPHOST -> {
                HttpTransport.Builder transport = HttpTransport.builder(endpoint).mode(HttpTransport.Mode.STREAMABLE_HTTP);
                if (tls != null) {
                    transport.sslContext(tls);
                }
                yield new McpHostSubject(McpClient.builder(transport.build())
                        .requestTimeout(timeout).initializeTimeout(timeout).connect(), "echo", "text");
            }
            case SDK_SYNC -> {
                McpSyncClient client = io.modelcontextprotocol.client.McpClient.sync(sdkHttp(base, endpoint, tls))
                        .requestTimeout(timeout).initializationTimeout(timeout).build();
                client.initialize();
                yield new SdkSyncSubject(client, "text");
            }
            case SDK_ASYNC -> {
                McpAsyncClient client = io.modelcontextprotocol.client.McpClient.async(sdkHttp(base, endpoint, tls))
                        .requestTimeout(timeout).initializationTimeout(timeout).build();
                client.initialize().block(timeout);
                yield new SdkAsyncSubject(client, "text", timeout);
            }
            case FLOOR -> RawHttpClient.connect(endpoint, timeout, tls);
            case TS_SDK, MCPHOST_MODERN, SDK_MODERN -> throw new IllegalArgumentException(library.label() + " is measured over stdio only");
        };
    }

    private static HttpClientStreamableHttpTransport sdkHttp(String base, URI endpoint, SSLContext tls) {
        HttpClientStreamableHttpTransport.Builder builder = HttpClientStreamableHttpTransport.builder(base).endpoint(endpoint.getPath());
        if (tls != null) {
            builder.customizeClient(client -> client.sslContext(tls));
        }
        return builder.build();
    }

    private static Subject mcphost(ServerKind server, Duration timeout, Era era) {
        McpClient client = McpClient.builder(StdioTransport.builder(server.command()).build())
                .name(server.name())
                .era(era)
                .requestTimeout(timeout)
                .initializeTimeout(timeout)
                .connect();
        return new McpHostSubject(client, "echo", server.echoArg());
    }

    private static StdioClientTransport sdkTransport(ServerKind server) {
        return new StdioClientTransport(sdkParameters(server), McpJsonDefaults.getMapper());
    }

    private static ServerParameters sdkParameters(ServerKind server) {
        List<String> command = server.command();
        return ServerParameters.builder(command.getFirst())
                .args(command.subList(1, command.size()))
                .build();
    }

    /**
     * The SDK's 2026-07-28 client (2.2.0, {@code io.modelcontextprotocol.modern.client}): no handshake,
     * so "connected" is the first answered request; a {@code tools/list} stands in for {@code initialize}
     * and proves the server speaks the era before any call is timed.
     */
    private static Subject sdkModern(ServerKind server, Duration timeout) {
        StdioMcpClientTransport transport = StdioMcpClientTransport.builder(sdkParameters(server))
                .jsonMapper(McpJsonDefaults.getMapper())
                .start();
        try {
            io.modelcontextprotocol.modern.client.McpSyncClient client = io.modelcontextprotocol.modern.client.McpClient
                    .sync(transport).callTimeout(timeout).build();
            SdkModernSubject subject = new SdkModernSubject(client, transport, server.echoArg());
            subject.listTools();
            return subject;
        } catch (RuntimeException e) {
            transport.close();
            throw e;
        }
    }

    private static Subject sdkSync(ServerKind server, Duration timeout) {
        McpSyncClient client = io.modelcontextprotocol.client.McpClient.sync(sdkTransport(server))
                .requestTimeout(timeout)
                .initializationTimeout(timeout)
                .build();
        client.initialize();
        return new SdkSyncSubject(client, server.echoArg());
    }

    private static Subject sdkAsync(ServerKind server, Duration timeout) {
        McpAsyncClient client = io.modelcontextprotocol.client.McpClient.async(sdkTransport(server))
                .requestTimeout(timeout)
                .initializationTimeout(timeout)
                .build();
        client.initialize().block(timeout);
        return new SdkAsyncSubject(client, server.echoArg(), timeout);
    }

    /**
     * McpHost's {@code client} calling the echo tool exposed as {@code tool} (a gateway prefixes it), its
     * argument {@code text}: a subject for a server or gateway whose client the caller connected.
     */
    public static Subject mcpHost(McpClient client, String tool) {
        return new McpHostSubject(client, tool, "text");
    }

    /** McpHost's client: arguments as a JsonNode, the text read from the first content block. */
    record McpHostSubject(McpClient client, String tool, String arg) implements Subject {
        @Override
        public String echo(String text) {
            CallToolResult result = client.callTool(tool, JsonNodeFactory.instance.objectNode().put(arg, text));
            ContentBlock first = result.content().getFirst();
            return first instanceof TextContent t ? t.text() : null;
        }

        @Override
        public int listTools() {
            return client.listTools().size();
        }

        @Override
        public void close() {
            client.close();
        }
    }

    /** The SDK's sync client: arguments as a Map, as its README shows. */
    record SdkSyncSubject(McpSyncClient client, String arg) implements Subject {
        @Override
        public String echo(String text) {
            McpSchema.CallToolResult result = client.callTool(McpSchema.CallToolRequest.builder("echo").arguments(Map.of(arg, text)).build());
            return sdkText(result);
        }

        @Override
        public int listTools() {
            return client.listTools().tools().size();
        }

        @Override
        public void close() {
            // closeGracefully waits for the transport; plain close() returns before anything closed.
            client.closeGracefully();
        }
    }

    /** The SDK's async client; each caller awaits its own Mono, as a virtual-thread caller would. */
    record SdkAsyncSubject(McpAsyncClient client, String arg, Duration timeout) implements Subject {
        @Override
        public String echo(String text) {
            return sdkText(client.callTool(McpSchema.CallToolRequest.builder("echo").arguments(Map.of(arg, text)).build()).block(timeout));
        }

        @Override
        public int listTools() {
            return client.listTools().block(timeout).tools().size();
        }

        @Override
        public void close() {
            client.closeGracefully().block(timeout);
        }
    }

    /** The SDK's 2026-07-28 sync client: arguments as a Map; closing it is closing its transport (the client has no close). */
    record SdkModernSubject(io.modelcontextprotocol.modern.client.McpSyncClient client, StdioMcpClientTransport transport,
                            String arg) implements Subject {
        @Override
        public String echo(String text) {
            io.modelcontextprotocol.modern.McpSchema.CallToolResult result = client.tool("echo").arguments(Map.of(arg, text)).call();
            return result.content().getFirst() instanceof io.modelcontextprotocol.modern.McpSchema.TextContent t ? t.text() : null;
        }

        @Override
        public int listTools() {
            // skipCache: 2026-07-28 lists may be cached by the client; every library here asks the server.
            return client.listTools().skipCache().list().tools().size();
        }

        @Override
        public void close() {
            transport.close();
        }
    }

    private static String sdkText(McpSchema.CallToolResult result) {
        return result.content().getFirst() instanceof McpSchema.TextContent t ? t.text() : null;
    }
}
