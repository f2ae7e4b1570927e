/** MCP content types (revision 2025-11-25; older revisions parse too). Nothing is null: absent values are {@link java.util.Optional} or empty lists. */
package io.mcphost.protocol.content;
