package io.mcphost.bench.subject;

/** The client implementations a scenario compares, in the order rounds start with. */
public enum Library {
    /** McpHost's {@code McpClient} (blocking calls). */
    MCPHOST("mcphost"),
    /** The official MCP Java SDK's {@code McpSyncClient}. */
    SDK_SYNC("sdk-sync"),
    /** The official MCP Java SDK's {@code McpAsyncClient}, each call awaited on its caller's thread. */
    SDK_ASYNC("sdk-async"),
    /** Newline-delimited JSON-RPC on the child's pipes, no MCP library: the floor. */
    FLOOR("floor");

    private final String label;

    Library(String label) {
        this.label = label;
    }

    /** The short name used in the table and the JSON file. */
    public String label() {
        return label;
    }
}
