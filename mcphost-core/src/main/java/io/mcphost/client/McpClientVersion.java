package io.mcphost.client;

/** The McpHost version a client reports in {@code clientInfo}. */
final class McpClientVersion {
    static final String VERSION = "0.1.0";

    private McpClientVersion() {
    }
}
