package io.mcphost.transport.http.internal;

import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.RequestId;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;

/** How {@link StreamableHttpEngine} tells that the server has forgotten a session. Stateless. */
final class SessionChecks {
    private static final String PROBE = "{\"jsonrpc\":\"2.0\",\"id\":\"mcphost-session-probe\",\"method\":\"ping\"}";

    private SessionChecks() {
    }

    /** Whether {@code inbound} is the error answer to {@code awaited} saying that the session is unknown. */
    static boolean forgotSession(JsonRpcMessage inbound, RequestId awaited) {
        if (!(inbound instanceof JsonRpcErrorResponse error) || awaited == null
                || !error.id().map(awaited::equals).orElse(false)) {
            return false;
        }
        String text = error.error().message().toLowerCase(Locale.ROOT);
        return text.contains("session") && (text.contains("not found") || text.contains("unknown")
                || text.contains("expired") || text.contains("invalid") || text.contains("no valid"));
    }

    /**
     * Whether the server no longer knows the session {@code request} carries, asked with a ping: a
     * stream that ends before any event is how a server drops a session's requests when the session
     * expires, and nothing else tells that apart from a server that simply hung up.
     *
     * @param request a request to the endpoint with the session's headers set
     */
    static boolean gone(Exchanges exchanges, Outgoing request) {
        request.header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .POST(PROBE);
        try {
            Incoming response = exchanges.send(request);
            int status = response.statusCode();
            String excerpt = status / 100 == 2 ? "" : HttpErrors.excerpt(response);
            exchanges.done(response.body());
            return status == 404 || status == 400 && excerpt.toLowerCase(Locale.ROOT).contains("session");
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Whether a session id the server assigned is one the specification allows: visible ASCII only
     * (0x21 to 0x7E). Anything else would be sent back in every later request's header, where a space,
     * a tab or a byte above 0x7E is at best mangled by an intermediary.
     */
    static boolean validSessionId(String id) {
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (c < 0x21 || c > 0x7E) {
                return false;
            }
        }
        return true;
    }

    /** Session ids are credentials of a sort: logs and errors show only their start. */
    static String abbreviate(String id) {
        return id.length() <= 8 ? "'" + id + "'" : "'" + id.substring(0, 8) + "…'";
    }
}
