/**
 * OpenTelemetry for McpHost, after the MCP semantic conventions (semantic-conventions v1.41.1,
 * {@code docs/gen-ai/mcp.md}): {@link io.mcphost.otel.McpTelemetry} is the entry point. Depends on
 * the OpenTelemetry API only; the application brings the SDK and exporters.
 *
 * <p>Threading: everything here is thread-safe except builders. Nothing blocks or does I/O on a
 * request's path.
 *
 * <p>Null policy: a null argument throws {@link NullPointerException} unless a method says
 * otherwise; absent values are {@link java.util.Optional}, never null.
 */
package io.mcphost.otel;
