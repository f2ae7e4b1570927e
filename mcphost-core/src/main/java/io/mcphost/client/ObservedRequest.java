package io.mcphost.client;

import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * One request as a {@link RequestObserver} sees it. Thread-safe. {@link #putMeta} only counts
 * while {@link RequestObserver#start} runs; what it adds goes into {@code params._meta} of every
 * attempt of the request (a session-recovery retry included), beside the caller's own entries.
 */
public interface ObservedRequest {

    /** The JSON-RPC method, for example {@code tools/call}. */
    String method();

    /**
     * The request's params as the caller gave them (an empty object when there were none). Read only:
     * the pipeline sends its own copy, and changing this node is a bug that may or may not show.
     */
    JsonNode params();

    /** The connection the request goes to, as it is when the request starts. */
    ObservedConnection connection();

    /**
     * Adds {@code key: value} to the request's {@code params._meta}, for example W3C {@code traceparent}.
     * An entry the caller put in {@link CallOptions#meta()} under the same key wins over this one.
     *
     * @throws IllegalStateException once {@link RequestObserver#start} has returned
     */
    void putMeta(String key, String value);

    /**
     * The JSON-RPC id of the latest attempt, as text ({@code "7"}); empty before the request was
     * handed to the transport, and when it never was.
     */
    Optional<String> requestId();
}
