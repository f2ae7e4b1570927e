/**
 * McpHost server toolkit: build small MCP servers (tools, resources, prompts) and serve them.
 */
module io.mcphost.server {
    requires transitive io.mcphost.core;
    requires org.slf4j;

    exports io.mcphost.server;
    exports io.mcphost.server.demo;
}
