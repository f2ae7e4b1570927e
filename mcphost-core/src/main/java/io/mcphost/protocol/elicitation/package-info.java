/** MCP elicitation types (revision 2025-11-25). Nothing is null: absent values are {@link java.util.Optional} or empty lists. */
package io.mcphost.protocol.elicitation;
