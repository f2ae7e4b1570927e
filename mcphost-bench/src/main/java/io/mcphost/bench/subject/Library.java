package io.mcphost.bench.subject;

import java.util.Arrays;
import java.util.List;

/** The client implementations a scenario compares, in the order rounds start with. */
public enum Library {
    /** McpHost's {@code McpClient} (blocking calls). */
    MCPHOST("mcphost"),
    /** The official MCP Java SDK's {@code McpSyncClient}. */
    SDK_SYNC("sdk-sync"),
    /** The official MCP Java SDK's {@code McpAsyncClient}, each call awaited on its caller's thread. */
    SDK_ASYNC("sdk-async"),
    /**
     * The TypeScript SDK ({@code @modelcontextprotocol/sdk}'s {@code Client} over its
     * {@code StdioClientTransport}) in a node 22 process that times its own calls: not a
     * {@link Subject} (a pipe hop per call would be counted), driven by {@link SubjectProcess}, and
     * only in the stdio {@code roundtrip} and {@code throughput} scenarios.
     */
    TS_SDK("ts-sdk"),
    /** Newline-delimited JSON-RPC on the child's pipes, no MCP library: the floor. */
    FLOOR("floor");

    private final String label;

    Library(String label) {
        this.label = label;
    }

    /** The libraries that run in this JVM behind a {@link Subject}: every one but {@link #TS_SDK}. */
    public static List<Library> inJvm() {
        return Arrays.stream(values()).filter(l -> l != TS_SDK).toList();
    }

    /** The short name used in the table and the JSON file. */
    public String label() {
        return label;
    }
}
