/**
 * The stdio transport: a local MCP server run as a child process (or plain streams, for a server
 * serving on its own stdin/stdout), speaking newline-delimited JSON-RPC. Calls only the protocol
 * layer. Arguments are non-null unless a method says otherwise.
 */
package io.mcphost.transport.stdio;
