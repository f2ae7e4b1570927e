package io.mcphost.server;

import io.mcphost.protocol.tools.CallToolResult;

/**
 * Runs a tool. An exception thrown here becomes an {@code isError: true} result carrying its
 * message: a failing tool is something the model should see, not a protocol error.
 */
@FunctionalInterface
public interface ToolHandler {
    CallToolResult call(ToolCall call) throws Exception;
}
