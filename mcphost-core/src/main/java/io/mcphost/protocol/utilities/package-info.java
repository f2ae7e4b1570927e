/**
 * MCP utility types shared by all features: progress, cancellation, pagination (revision 2025-11-25; older
 * revisions parse too). Records are immutable and thread-safe. Nothing is null: absent values are
 * {@link java.util.Optional} or empty lists.
 */
package io.mcphost.protocol.utilities;
