/**
 * {@link io.mcphost.gateway.McpGateway}: an {@link io.mcphost.host.McpHost}'s catalog served as one
 * MCP server, for {@code mcphost serve} and for applications that embed a gateway.
 */
package io.mcphost.gateway;
