/**
 * McpHost server toolkit: build small MCP servers (tools, resources, prompts) and serve them.
 */
module io.mcphost.server {
    requires transitive io.mcphost.core;
    requires org.slf4j;
    requires jdk.httpserver;

    exports io.mcphost.server;
    exports io.mcphost.server.demo;
    exports io.mcphost.server.http;
}
