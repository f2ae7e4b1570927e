package io.mcphost.bench.subject;

import java.util.Arrays;
import java.util.List;

/** The client implementations a scenario compares, in the order rounds start with. */
public enum Library {
    /** McpHost's {@code McpClient} (blocking calls). */
    MCPHOST("mcphost"),
    /**
     * McpHost's {@code McpClient} pinned to revision 2026-07-28 ({@code Era.MODERN}: no handshake,
     * each request stateless), against a server of our toolkit: see {@link ServerKind#modern()}.
     */
    MCPHOST_MODERN("mcphost-2026"),
    /** The official MCP Java SDK's {@code McpSyncClient} (its legacy client, {@code io.modelcontextprotocol.client}). */
    SDK_SYNC("sdk-sync"),
    /** The official MCP Java SDK's {@code McpAsyncClient}, each call awaited on its caller's thread. */
    SDK_ASYNC("sdk-async"),
    /**
     * The official MCP Java SDK's 2026-07-28 client ({@code io.modelcontextprotocol.modern.client.McpSyncClient},
     * new in 2.2.0) against the same server as {@link #MCPHOST_MODERN}.
     */
    SDK_MODERN("sdk-2026"),
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

    /**
     * The libraries that run in this JVM behind a {@link Subject} and speak the legacy era (every
     * scenario runs them): every one but {@link #TS_SDK} and the {@link #modernEra()} ones.
     */
    public static List<Library> inJvm() {
        return Arrays.stream(values()).filter(l -> l != TS_SDK && !l.modernEra()).toList();
    }

    /** The 2026-07-28 clients: they join the stdio call scenarios only ({@code roundtrip}, {@code throughput}, {@code concurrent}). */
    public static List<Library> modern() {
        return Arrays.stream(values()).filter(Library::modernEra).toList();
    }

    /** Whether this client speaks revision 2026-07-28 (and so needs a server that does: {@link ServerKind#modern()}). */
    public boolean modernEra() {
        return this == MCPHOST_MODERN || this == SDK_MODERN;
    }

    /** Whether this is McpHost's client (either era): its rows carry the ratios to the others. */
    public boolean mcphost() {
        return this == MCPHOST || this == MCPHOST_MODERN;
    }

    /** The short name used in the table and the JSON file. */
    public String label() {
        return label;
    }
}
