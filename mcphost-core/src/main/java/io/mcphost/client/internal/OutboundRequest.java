package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import java.util.Objects;
import tools.jackson.databind.node.ObjectNode;

/**
 * One request on its way through the {@link Exchange}'s stages: the method, its params (a private
 * copy the stages may change, e.g. to add per-request {@code _meta}) and the caller's options.
 * A retrying stage sends the same request again; the request id is given only at the end, per attempt.
 */
record OutboundRequest(String method, ObjectNode params, CallOptions options) {
    OutboundRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(params, "params");
        Objects.requireNonNull(options, "options");
    }

    /** The same request with other params (a stage copies before it changes them: a retry resends the original). */
    OutboundRequest withParams(ObjectNode changed) {
        return new OutboundRequest(method, changed, options);
    }
}
