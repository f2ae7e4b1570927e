/**
 * A small MCP server toolkit: register tools, resources and prompts, serve them over a transport.
 * Builds on the core's protocol and transport layers only. Arguments are non-null unless a method
 * says otherwise.
 */
package io.mcphost.server;
