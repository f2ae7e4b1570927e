package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.protocol.RequestId;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One request on its way through the {@link Exchange}'s stages: the method, its params (a private
 * copy the stages may change, e.g. to add per-request {@code _meta}), the caller's options and the
 * transport headers that mirror the body (revision 2026-07-28 over HTTP; empty otherwise).
 * A retrying stage sends the same request again; the request id is given only at the end, per attempt,
 * and reported to {@code onSent} (the observer stage records it for tracing). {@code tap} sees each
 * attempt's answer, also one that comes after the attempt was given up ({@link PendingRequests#register}
 * with a tap); {@link PendingRequests#NO_TAP} for nearly every request.
 */
record OutboundRequest(String method, ObjectNode params, CallOptions options, Consumer<RequestId> onSent,
                       Map<String, String> headers, Consumer<JsonNode> tap) {
    OutboundRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(params, "params");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(onSent, "onSent");
        Objects.requireNonNull(tap, "tap");
        headers = Map.copyOf(headers);
    }

    OutboundRequest(String method, ObjectNode params, CallOptions options, Consumer<RequestId> onSent,
                    Map<String, String> headers) {
        this(method, params, options, onSent, headers, PendingRequests.NO_TAP);
    }

    OutboundRequest(String method, ObjectNode params, CallOptions options, Consumer<RequestId> onSent) {
        this(method, params, options, onSent, Map.of());
    }

    OutboundRequest(String method, ObjectNode params, CallOptions options) {
        this(method, params, options, id -> { });
    }

    /** The same request with other params (a stage copies before it changes them: a retry resends the original). */
    OutboundRequest withParams(ObjectNode changed) {
        return new OutboundRequest(method, changed, options, onSent, headers, tap);
    }

    /** The same request with other transport headers. */
    OutboundRequest withHeaders(Map<String, String> changed) {
        return new OutboundRequest(method, params, options, onSent, changed, tap);
    }

    /** The same request, also telling {@code listener} each attempt's id (after the callbacks it already has). */
    OutboundRequest withOnSent(Consumer<RequestId> listener) {
        // Added, never replaced: the listen stream learns its id this way even when an observer stage tracks it too.
        return new OutboundRequest(method, params, options, onSent.andThen(listener), headers, tap);
    }
}
