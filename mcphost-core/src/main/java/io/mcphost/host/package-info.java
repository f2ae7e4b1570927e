/**
 * The host: many MCP servers used as one. {@link io.mcphost.host.Catalog} is the aggregated view of
 * what they offer, under names made by {@link io.mcphost.host.ToolNaming} and filtered by
 * {@link io.mcphost.host.ToolFilter}; {@link io.mcphost.host.ToolDefinitions} exports its tools for
 * LLM APIs. Every routed operation (tool call, prompt get, resource read) passes one chain of
 * {@link io.mcphost.host.HostInterceptor}s over a sealed {@link io.mcphost.host.Invocation}.
 * Implementation lives in {@code io.mcphost.host.internal.catalog} (pure catalog rules) and
 * {@code io.mcphost.host.internal.supervision} (servers' lives and routing), neither exported.
 *
 * <p>Threading: catalogs, filters and namings are immutable and thread-safe, and their methods never
 * block or do I/O.
 *
 * <p>Null policy: a null argument throws {@link NullPointerException} unless a method says
 * otherwise; absent values are {@link java.util.Optional} or empty collections, never null.
 */
package io.mcphost.host;
