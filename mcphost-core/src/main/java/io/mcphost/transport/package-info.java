/**
 * Transports move JSON-RPC messages to and from one peer (a child process, an HTTP endpoint, an
 * in-memory partner). They call only the protocol layer and never interpret MCP methods.
 * Arguments are non-null unless a method says otherwise.
 */
package io.mcphost.transport;
