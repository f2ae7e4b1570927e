package io.mcphost.server;

import io.mcphost.protocol.prompts.GetPromptResult;
import java.util.Map;

/**
 * Produces a prompt and may ask the client for input first (see {@link ClientInput} for how that
 * works in each protocol era). Runs on its own virtual thread per request.
 */
@FunctionalInterface
public interface InteractivePromptHandler {
    /** @param arguments the prompt's arguments, required ones checked already */
    GetPromptResult get(Map<String, String> arguments, ClientInput input) throws Exception;
}
