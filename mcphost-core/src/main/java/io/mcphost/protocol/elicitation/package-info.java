/**
 * MCP elicitation: a server asks the user, through the client, for structured input (form mode) or to
 * visit a URL (URL mode, 2025-11-25). {@link io.mcphost.protocol.elicitation.ElicitRequestParams} is sealed
 * over the two modes; switch over it without a default.
 *
 * <p>Plain immutable records, thread-safe. Nothing is null: absent values are {@link java.util.Optional}
 * or empty lists, and a null argument to a factory throws {@link NullPointerException}.
 */
package io.mcphost.protocol.elicitation;
