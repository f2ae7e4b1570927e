package io.mcphost.protocol;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The server does not speak the protocol revision a request declared ({@code -32022},
 * UnsupportedProtocolVersionError, revision 2026-07-28), and no revision both sides speak was left to
 * retry with. {@link #supported()} lists what the server offered.
 */
public final class McpUnsupportedVersionException extends McpError {
    public McpUnsupportedVersionException(String server, String method, JsonRpcError error) {
        super(server, method, error);
    }

    /** The revisions the server named in {@code data.supported}. */
    public List<String> supported() {
        List<String> out = new ArrayList<>();
        JsonNode data = error().data().orElse(null);
        if (data != null && data.path("supported").isArray()) {
            data.path("supported").forEach(v -> {
                if (v.isString()) {
                    out.add(v.stringValue());
                }
            });
        }
        return List.copyOf(out);
    }
}
