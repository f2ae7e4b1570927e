/**
 * JSON-RPC 2.0 messages, MCP protocol revisions, the McpHost exception family, and the JSON
 * helpers applications need around them ({@link io.mcphost.protocol.Json} for the wire's own
 * JSON configuration, {@link io.mcphost.protocol.JsonSchemas} for checking values against schemas
 * servers send). The lowest layer: it calls nothing else of McpHost. Arguments and return values
 * are never null; optional values are {@link java.util.Optional}.
 */
package io.mcphost.protocol;
