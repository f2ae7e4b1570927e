package io.mcphost.server;

import io.mcphost.protocol.prompts.GetPromptResult;
import java.util.Map;

/**
 * Produces a prompt, and may talk to the client while doing so: ask for input first (see
 * {@link ClientInput} for how that works in each protocol era) or send log messages about this
 * request ({@link ClientLog}, logger = the prompt's name). Runs on its own virtual thread per request.
 */
@FunctionalInterface
public interface InteractivePromptHandler {
    /**
     * @param arguments the prompt's arguments, required ones checked already
     * @param input     the request's channel to the client, valid only until this method returns
     */
    GetPromptResult get(Map<String, String> arguments, ClientInput input) throws Exception;
}
