/**
 * The types that exist only in the stateless MCP revision 2026-07-28 ("modern"): server discovery,
 * per-request {@code _meta} keys, multi round-trip ({@code input_required}) results,
 * {@code subscriptions/listen}, result types and cache hints.
 *
 * <p>Everything else of that revision (tools, resources, prompts, content, …) reuses the records of
 * the other {@code io.mcphost.protocol} packages: the shapes are compatible, and the extra top-level
 * fields of modern results ({@code resultType}, {@code ttlMs}, {@code cacheScope}) are read and
 * written with {@link io.mcphost.protocol.modern.ModernResults}. Records here are immutable; nothing
 * is null (absent values are {@link java.util.Optional} or empty collections).
 */
package io.mcphost.protocol.modern;
