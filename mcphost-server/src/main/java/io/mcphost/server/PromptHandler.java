package io.mcphost.server;

import io.mcphost.protocol.prompts.GetPromptResult;
import java.util.Map;

/**
 * Renders a prompt with its arguments. Required arguments are checked before it runs; an
 * exception becomes a JSON-RPC error.
 */
@FunctionalInterface
public interface PromptHandler {
    GetPromptResult get(Map<String, String> arguments) throws Exception;
}
