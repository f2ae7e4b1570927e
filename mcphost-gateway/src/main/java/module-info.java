/**
 * McpHost gateway: the catalog of an {@link io.mcphost.host.McpHost} served as one MCP server to many
 * clients, in both protocol eras, over Streamable HTTP and stdio.
 */
module io.mcphost.gateway {
    requires transitive io.mcphost.core;
    requires transitive io.mcphost.server;
    requires org.slf4j;
    // JWT access tokens are checked with Nimbus JOSE+JWT, inside io.mcphost.gateway.internal only.
    requires com.nimbusds.jose.jwt;
    requires java.net.http;

    exports io.mcphost.gateway;
}
