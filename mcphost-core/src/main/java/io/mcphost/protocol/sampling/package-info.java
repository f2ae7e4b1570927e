/**
 * MCP sampling: a server asks the client's model for a message ({@code sampling/createMessage}), in
 * 2025-11-25 optionally offering tools the model may call ({@link io.mcphost.protocol.sampling.ToolUseContent}
 * out, {@link io.mcphost.protocol.sampling.ToolResultContent} back). Message content is the sealed
 * {@link io.mcphost.protocol.sampling.SamplingContent}; switch over it without a default.
 *
 * <p>Plain immutable records, thread-safe (builders are not). Nothing is null: absent values are
 * {@link java.util.Optional} or empty lists, and a null argument to a factory throws
 * {@link NullPointerException}.
 */
package io.mcphost.protocol.sampling;
