/**
 * MCP roots: the directories and files a client lets servers work in ({@code roots/list},
 * {@code notifications/roots/list_changed}). Plain immutable records, thread-safe, no behaviour beyond
 * validation. Nothing is null: absent values are {@link java.util.Optional} or empty lists, and a null
 * argument to a factory throws {@link NullPointerException}.
 */
package io.mcphost.protocol.roots;
