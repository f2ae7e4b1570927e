package io.mcphost.server;

import io.mcphost.protocol.tools.CallToolResult;

/**
 * Runs a tool. Called on the call's own virtual thread, so it may block; it should check
 * {@link ToolCall#isCancelled()} now and then when it runs long.
 *
 * <p>An {@link ErrorReply} thrown here is answered as that JSON-RPC error (its code, message and
 * data): a gateway passes on its upstream's refusal that way.
 *
 * <p>An exception thrown here becomes an {@code isError: true} result carrying its message: a
 * failing tool is something the model should see and can react to, not a protocol error
 * (spec: tools, error handling). Returning {@code null} is reported the same way.
 */
@FunctionalInterface
public interface ToolHandler {
    CallToolResult call(ToolCall call) throws Exception;
}
