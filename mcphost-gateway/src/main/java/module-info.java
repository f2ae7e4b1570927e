/**
 * McpHost gateway: the catalog of an {@link io.mcphost.host.McpHost} served as one MCP server to many
 * clients, in both protocol eras, over Streamable HTTP and stdio.
 */
module io.mcphost.gateway {
    requires transitive io.mcphost.core;
    requires transitive io.mcphost.server;
    requires org.slf4j;
    // The admin endpoint (health, readiness, metrics, status page): Jetty as the toolkit serves MCP, and the
    // Prometheus Java client for the metrics. Neither appears in the exported package.
    requires org.eclipse.jetty.server;
    requires org.eclipse.jetty.http;
    requires org.eclipse.jetty.io;
    requires org.eclipse.jetty.util;
    requires io.prometheus.metrics.core;
    requires io.prometheus.metrics.model;
    requires io.prometheus.writer.text;
    // JWT access tokens are checked with Nimbus JOSE+JWT, inside io.mcphost.gateway.internal only.
    requires com.nimbusds.jose.jwt;
    requires java.net.http;

    exports io.mcphost.gateway;
}
