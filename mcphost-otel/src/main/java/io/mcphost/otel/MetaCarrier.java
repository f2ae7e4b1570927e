package io.mcphost.otel;

import io.mcphost.client.ObservedRequest;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapSetter;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Trace context in {@code params._meta}, as the MCP conventions ("Context propagation") and the
 * 2026-07-28 spec (basic, "_meta": traceparent, tracestate, baggage) place it, for every revision:
 * the entries are plain {@code _meta} keys, which older servers ignore.
 */
final class MetaCarrier {
    /** Writes into the request the client is about to send. */
    static final TextMapSetter<ObservedRequest> SETTER = (request, key, value) -> {
        if (request != null) {
            request.putMeta(key, value);
        }
    };

    /** Reads from the params a server received. */
    static final TextMapGetter<JsonNode> GETTER = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(JsonNode params) {
            List<String> keys = new ArrayList<>();
            JsonNode meta = params.path("_meta");
            if (meta.isObject()) {
                keys.addAll(meta.propertyNames());
            }
            return keys;
        }

        @Override
        public String get(JsonNode params, String key) {
            if (params == null) {
                return null;
            }
            JsonNode value = params.path("_meta").get(key);
            return value != null && value.isString() ? value.asString() : null;
        }
    };

    private MetaCarrier() {
    }
}
