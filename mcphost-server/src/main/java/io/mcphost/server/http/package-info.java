/**
 * Serves an {@link io.mcphost.server.McpServer} over the Streamable HTTP transport (spec 2025-11-25,
 * basic/transports), on Jetty 12.1 (virtual threads, no servlets): one endpoint, one MCP session per
 * {@code Mcp-Session-Id}. Arguments are non-null unless a method says otherwise.
 */
package io.mcphost.server.http;
