/**
 * McpHost server toolkit: build small MCP servers (tools, resources, prompts) and serve them.
 */
module io.mcphost.server {
    requires transitive io.mcphost.core;
    requires org.slf4j;
    // Skill frontmatter is YAML: parsed as YAML, so that what a client compares field by field is sound.
    // Streamable HTTP is served on Jetty's core API; no Jetty type appears in the exported packages.
    requires org.eclipse.jetty.server;
    requires org.eclipse.jetty.http;
    requires org.eclipse.jetty.io;
    requires org.eclipse.jetty.util;

    exports io.mcphost.server;
    // The demo server is the CLI's default server and a testkit fixture, not an API of its own.
    exports io.mcphost.server.demo to io.mcphost.cli, io.mcphost.testkit;
    exports io.mcphost.server.http;
    exports io.mcphost.server.skills;
}
