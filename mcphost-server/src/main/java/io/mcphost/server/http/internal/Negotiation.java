package io.mcphost.server.http.internal;

import io.mcphost.protocol.RequestId;
import io.mcphost.server.http.ResponseMode;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** What a POST asks for and names: media types, the response mode it accepts, the id it carries. Stateless. */
final class Negotiation {
    private Negotiation() {
    }

    /**
     * The configured mode when the client accepts it, else the other one when it accepts that; empty
     * when it accepts neither. A missing Accept header accepts both, to be lenient with simple clients.
     */
    static Optional<ResponseMode> responseMode(ResponseMode configured, List<String> accept) {
        if (accept == null) {
            return Optional.of(configured);
        }
        boolean json = accepts(accept, Replies.JSON);
        boolean sse = accepts(accept, Replies.EVENT_STREAM);
        return switch (configured) {
            case SSE -> sse ? Optional.of(ResponseMode.SSE) : json ? Optional.of(ResponseMode.JSON) : Optional.empty();
            case JSON -> json ? Optional.of(ResponseMode.JSON) : sse ? Optional.of(ResponseMode.SSE) : Optional.empty();
        };
    }

    static boolean accepts(List<String> accept, String type) {
        String family = type.substring(0, type.indexOf('/')) + "/*";
        for (String header : accept) {
            for (String range : header.split(",")) {
                String media = mediaType(range);
                if (media.equals(type) || media.equals(family) || media.equals("*/*")) {
                    return true;
                }
            }
        }
        return false;
    }

    static String mediaType(String value) {
        if (value == null) {
            return "";
        }
        int semicolon = value.indexOf(';');
        return (semicolon < 0 ? value : value.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
    }

    /** The id of a single message, if it has a well-formed one. */
    static Optional<RequestId> requestId(JsonNode tree) {
        JsonNode id = tree.isObject() ? tree.get("id") : null;
        if (id == null) {
            return Optional.empty();
        }
        if (id.isString()) {
            return Optional.of(RequestId.of(id.stringValue()));
        }
        return id.isIntegralNumber() && id.canConvertToLong() ? Optional.of(RequestId.of(id.longValue())) : Optional.empty();
    }

}
