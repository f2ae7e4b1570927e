package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.protocol.RequestId;
import java.util.Objects;
import java.util.function.Consumer;
import tools.jackson.databind.node.ObjectNode;

/**
 * One request on its way through the {@link Exchange}'s stages: the method, its params (a private
 * copy the stages may change, e.g. to add per-request {@code _meta}) and the caller's options.
 * A retrying stage sends the same request again; the request id is given only at the end, per attempt,
 * and reported to {@code onSent} (the observer stage records it for tracing).
 */
record OutboundRequest(String method, ObjectNode params, CallOptions options, Consumer<RequestId> onSent) {
    OutboundRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(params, "params");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(onSent, "onSent");
    }

    OutboundRequest(String method, ObjectNode params, CallOptions options) {
        this(method, params, options, id -> { });
    }

    /** The same request with other params (a stage copies before it changes them: a retry resends the original). */
    OutboundRequest withParams(ObjectNode changed) {
        return new OutboundRequest(method, changed, options, onSent);
    }

    /** The same request, telling {@code listener} the id of each attempt. */
    OutboundRequest withOnSent(Consumer<RequestId> listener) {
        return new OutboundRequest(method, params, options, listener);
    }
}
