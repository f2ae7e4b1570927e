package io.mcphost.server.http.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The server-sent events text both eras' streams write (the legacy session streams of
 * {@link EventStream} and the 2026-07-28 per-request streams of {@link ModernHttp}), so the framing is
 * written once. Stateless.
 */
final class SseFrames {
    /** A comment on an idle stream: every SSE parser ignores it, and a vanished client shows on the write. */
    static final String KEEP_ALIVE = ": keep-alive\n\n";

    private SseFrames() {
    }

    /** One event: its id when it has one, the reconnection delay when given, and one data line of JSON. */
    static StringBuilder appendEvent(StringBuilder text, String id, long retryMillis, String json) {
        if (id != null) {
            text.append("id: ").append(id).append('\n');
        }
        if (retryMillis >= 0) {
            text.append("retry: ").append(retryMillis).append('\n');
        }
        return text.append("data: ").append(json).append("\n\n");
    }

    /** An event without id or retry, as a 2026-07-28 response stream sends them. */
    static String event(String json) {
        return appendEvent(new StringBuilder(), null, -1, json).toString();
    }

    /** Writes {@code text} and pushes it to the client at once. */
    static void write(OutputStream body, String text) throws IOException {
        body.write(text.getBytes(StandardCharsets.UTF_8));
        body.flush();
    }
}
