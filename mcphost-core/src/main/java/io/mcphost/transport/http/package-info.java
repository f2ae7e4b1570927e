/**
 * Remote MCP servers over HTTP: {@link io.mcphost.transport.http.HttpTransport} speaks Streamable
 * HTTP and the legacy HTTP+SSE transport, with fallback between them. Null arguments throw
 * {@link java.lang.NullPointerException} unless a method says otherwise.
 */
package io.mcphost.transport.http;
