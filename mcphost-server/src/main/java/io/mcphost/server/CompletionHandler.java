package io.mcphost.server;

import io.mcphost.protocol.completion.CompleteRequestParams;
import io.mcphost.protocol.completion.CompleteResult;

/**
 * Suggests values for a prompt argument or a resource template variable
 * ({@code completion/complete}). The server has already checked that the referenced prompt or
 * template exists. Called on the request's own virtual thread; an exception becomes a JSON-RPC
 * internal error (-32603), except an
 * {@link ErrorReply}, answered as that JSON-RPC error.
 */
@FunctionalInterface
public interface CompletionHandler {
    CompleteResult complete(CompleteRequestParams request) throws Exception;
}
