package io.mcphost.server.http.internal;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.RequestId;
import io.mcphost.server.http.ResponseMode;
import java.io.IOException;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/** What a request asks for and names: its revision, media types, the response mode it accepts, the id it carries. Stateless. */
final class Negotiation {
    private Negotiation() {
    }

    /** The revisions whose clients may use the endpoint's sessions; 2026-07-28 is stateless and served differently. */
    private static final Set<ProtocolVersion> SUPPORTED = EnumSet.of(ProtocolVersion.V2024_11_05,
            ProtocolVersion.V2025_03_26, ProtocolVersion.V2025_06_18, ProtocolVersion.V2025_11_25);

    /** A 400 for a handshake-revision request whose version header names a revision not served here; true if sent. */
    static boolean unsupportedVersion(Exchange exchange, String header, Optional<ProtocolVersion> version,
                                              Optional<RequestId> id) throws IOException {
        if (header == null || version.filter(SUPPORTED::contains).isPresent()) {
            return false;
        }
        Replies.error(exchange, 400, JsonRpcError.INVALID_REQUEST, "Bad Request: unsupported MCP-Protocol-Version '"
                + header + "' (supported: " + SUPPORTED.stream().map(ProtocolVersion::id).sorted()
                .collect(Collectors.joining(", ")) + ")", id);
        return true;
    }

    /** Priming events (empty data) confuse clients older than 2025-11-25, which parse every data field as JSON. */
    static boolean primes(Optional<ProtocolVersion> version) {
        return version.filter(v -> v.isAtLeast(ProtocolVersion.V2025_11_25)).isPresent();
    }

    /**
     * The configured mode when the client accepts it, else the other one when it accepts that; empty
     * when it accepts neither. A missing Accept header accepts both, to be lenient with simple clients.
     * {@link ResponseMode#AUTO} may answer with either, so it needs both; with one it becomes that one.
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
            case AUTO -> json && sse ? Optional.of(ResponseMode.AUTO) : json ? Optional.of(ResponseMode.JSON)
                    : sse ? Optional.of(ResponseMode.SSE) : Optional.empty();
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
