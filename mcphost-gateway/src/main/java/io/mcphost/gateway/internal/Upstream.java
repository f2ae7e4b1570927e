package io.mcphost.gateway.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.client.Progress;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.logging.LoggingMessageNotificationParams;
import io.mcphost.server.ClientLog;
import io.mcphost.server.ToolCall;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * How one downstream request becomes the options of its upstream call ({@link CancelWatch} calls it off
 * when the downstream request is cancelled). Stateless.
 */
final class Upstream {
    /** The {@code _meta} keys the protocol owns: each hop writes its own, so the downstream ones stay here. */
    private static final String PROTOCOL_PREFIX = "io.modelcontextprotocol/";
    /** The W3C trace context in {@code _meta}: a traced gateway's own hop writes it (the host's instrumentation). */
    private static final Set<String> TRACE_CONTEXT = Set.of("traceparent", "tracestate", "baggage");

    private Upstream() {
    }

    /**
     * The options of the upstream call for {@code call}: the downstream {@code _meta} forwarded (trace
     * context, the application's own keys) without what belongs to the downstream hop, and progress
     * relayed when the downstream client asked for it, and so are the upstream's log messages for the
     * call, at the level the downstream client wants (its session's, or its request's under 2026-07-28).
     * When the gateway is {@code traced} (it has a request observer), the downstream trace context stays
     * here: the gateway's span continues it, and the upstream call's own context is written by the host's
     * instrumentation (the caller's {@code _meta} entries would win over it); untraced, it passes through.
     */
    static CallOptions.Builder forTool(ToolCall call, boolean traced) {
        CallOptions.Builder options = CallOptions.builder();
        forwardedMeta(call.meta()).map(meta -> traced ? withoutTraceContext(meta) : meta)
                .filter(meta -> !meta.isEmpty()).ifPresent(options::meta);
        if (call.meta().map(m -> m.has("progressToken")).orElse(false)) {
            options.onProgress((Progress p) -> call.progress(p.progress(),
                    p.total().isPresent() ? p.total().getAsDouble() : null, p.message().orElse(null)));
        }
        relayLog(options, call);
        return options;
    }

    /**
     * The options of the upstream call for a {@code prompts/get} or {@code resources/read}: the
     * upstream's log messages for it relayed to {@code downstream}, as for a tool call (the questions
     * are {@link InputRelay}'s).
     */
    static CallOptions.Builder forRequest(ClientLog downstream) {
        CallOptions.Builder options = CallOptions.builder();
        relayLog(options, downstream);
        return options;
    }

    /**
     * Asks the upstream for log messages at the level the downstream client wants for its request (its
     * session's, or its request's under 2026-07-28), and passes each on to that request; nothing when
     * the downstream request wants none.
     */
    private static void relayLog(CallOptions.Builder options, ClientLog downstream) {
        downstream.logLevel().ifPresent(level -> options.onLog(level, message -> downstream.log(relayed(message))));
    }

    /** An upstream log message as the downstream client gets it: level, logger and data unchanged, its own {@code _meta} only. */
    private static LoggingMessageNotificationParams relayed(LoggingMessageNotificationParams message) {
        return new LoggingMessageNotificationParams(message.level(), message.logger(), message.data(),
                forwardedMeta(message.meta()));
    }

    /** {@code meta}, a copy {@link #forwardedMeta} made, without the trace context. */
    private static JsonNode withoutTraceContext(JsonNode meta) {
        ObjectNode kept = (ObjectNode) meta;
        TRACE_CONTEXT.forEach(kept::remove);
        return kept;
    }

    /** The downstream {@code _meta} minus the progress token and the protocol's own keys; empty when nothing is left. */
    static Optional<JsonNode> forwardedMeta(Optional<JsonNode> meta) {
        if (meta.isEmpty() || !meta.get().isObject()) {
            return Optional.empty();
        }
        ObjectNode kept = Json.newObject();
        for (Map.Entry<String, JsonNode> entry : meta.get().properties()) {
            String key = entry.getKey();
            if (!key.equals("progressToken") && !key.startsWith(PROTOCOL_PREFIX)) {
                kept.set(key, entry.getValue());
            }
        }
        return kept.isEmpty() ? Optional.empty() : Optional.of(kept);
    }
}
