package io.mcphost.server.http.internal;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.server.http.ResponseMode;
import java.io.IOException;
import java.util.EnumSet;
import java.util.List;
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

    /**
     * Whether an Accept header (each of its lines) lists {@code type}, its family's wildcard or {@code *}{@code /*};
     * parameters ({@code ;q=...}) are ignored. Read in place, without splitting or copying: it runs for
     * every POST, several times.
     */
    static boolean accepts(List<String> accept, String type) {
        for (String header : accept) {
            int start = 0;
            while (true) {
                int comma = header.indexOf(',', start);
                int end = comma < 0 ? header.length() : comma;
                if (rangeIs(header, start, end, type, true)) {
                    return true;
                }
                if (comma < 0) {
                    break;
                }
                start = comma + 1;
            }
        }
        return false;
    }

    /** Whether a Content-Type value names exactly {@code type} (any case, parameters ignored). */
    static boolean isMediaType(String value, String type) {
        return value != null && rangeIs(value, 0, value.length(), type, false);
    }

    /**
     * Whether the media range in {@code value[start, end)}, parameters and surrounding whitespace left out,
     * is {@code type} (any case), or, with {@code wildcards}, its family's {@code family/*} or {@code *}{@code /*}.
     */
    private static boolean rangeIs(String value, int start, int end, String type, boolean wildcards) {
        int semicolon = value.indexOf(';', start);
        if (semicolon >= 0 && semicolon < end) {
            end = semicolon;
        }
        while (start < end && Character.isWhitespace(value.charAt(start))) {
            start++;
        }
        while (end > start && Character.isWhitespace(value.charAt(end - 1))) {
            end--;
        }
        int length = end - start;
        if (length == type.length() && sameIgnoringAsciiCase(value, start, type, length)) {
            return true;
        }
        if (!wildcards) {
            return false;
        }
        int family = type.indexOf('/') + 1; // "application/" of "application/json"
        return length == 3 && value.startsWith("*/*", start)
                || length == family + 1 && value.charAt(end - 1) == '*' && sameIgnoringAsciiCase(value, start, type, family);
    }

    /**
     * Whether {@code value} at {@code start} has the first {@code length} characters of {@code type} (ASCII
     * letters in any case). Only ASCII folds: as lower-casing the header would read it, where a letter such as
     * U+0130 does not become an ASCII one.
     */
    private static boolean sameIgnoringAsciiCase(String value, int start, String type, int length) {
        for (int i = 0; i < length; i++) {
            char c = value.charAt(start + i);
            if (c >= 'A' && c <= 'Z') {
                c = (char) (c + ('a' - 'A'));
            }
            if (c != type.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** The id of a single message, if it has a well-formed one. */
    static Optional<RequestId> requestId(JsonNode tree) {
        return JsonCodec.requestId(tree.isObject() ? tree.get("id") : null);
    }

}
