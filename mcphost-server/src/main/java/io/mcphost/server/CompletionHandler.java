package io.mcphost.server;

import io.mcphost.protocol.completion.CompleteRequestParams;
import io.mcphost.protocol.completion.CompleteResult;

/** Suggests values for a prompt argument or resource template variable. */
@FunctionalInterface
public interface CompletionHandler {
    CompleteResult complete(CompleteRequestParams request) throws Exception;
}
