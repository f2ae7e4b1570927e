/**
 * JSON-RPC 2.0 messages, MCP protocol revisions and the McpHost exception family. The lowest
 * layer: it calls nothing else of McpHost. Arguments and return values are never null; optional
 * values are {@link java.util.Optional}.
 */
package io.mcphost.protocol;
