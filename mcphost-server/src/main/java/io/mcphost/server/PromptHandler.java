package io.mcphost.server;

import io.mcphost.protocol.prompts.GetPromptResult;
import java.util.Map;

/**
 * Renders a prompt with its arguments. The server checks required arguments before calling it (a
 * missing one is answered with -32602). Called on the request's own virtual thread. An exception
 * becomes a JSON-RPC internal error (-32603), except an
 * {@link ErrorReply}, answered as that JSON-RPC error carrying its message.
 */
@FunctionalInterface
public interface PromptHandler {
    GetPromptResult get(Map<String, String> arguments) throws Exception;
}
