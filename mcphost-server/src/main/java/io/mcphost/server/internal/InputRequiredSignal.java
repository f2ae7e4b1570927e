package io.mcphost.server.internal;

import io.mcphost.protocol.modern.InputRequest;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Unwinds a handler serving a 2026-07-28 request at its first unanswered question: the request is
 * answered with an {@code input_required} result carrying {@link #requests()}. Control flow, so no
 * stack trace.
 */
final class InputRequiredSignal extends RuntimeException {
    private final transient Map<String, InputRequest> requests;

    InputRequiredSignal(Map<String, InputRequest> requests) {
        super("the client must answer " + requests.keySet() + " first", null, false, false);
        this.requests = new LinkedHashMap<>(requests);
    }

    Map<String, InputRequest> requests() {
        return requests;
    }
}
