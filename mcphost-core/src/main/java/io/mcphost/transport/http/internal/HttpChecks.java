package io.mcphost.transport.http.internal;

import java.net.URI;
import java.util.Locale;
import java.util.Set;

/**
 * The checks an HTTP transport's configuration passes when it is built, not when a request is sent:
 * the endpoint URL and each configured header. Messages name the URL without its query and the header
 * with a position, never a header value (it may be a token). Stateless.
 */
public final class HttpChecks {
    // Headers the HTTP client manages itself or that would change the exchange's meaning.
    private static final Set<String> RESERVED = Set.of("host", "content-length", "connection", "upgrade",
            "expect", "transfer-encoding", "content-type", "accept", "mcp-session-id", "mcp-protocol-version",
            "last-event-id");

    private HttpChecks() {
    }

    /** An MCP endpoint: http(s), a host, no credentials, no fragment. @throws IllegalArgumentException otherwise */
    public static URI endpoint(URI endpoint) {
        String scheme = endpoint.getScheme() == null ? "" : endpoint.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("an MCP server URL must be http:// or https://, got '" + HttpErrors.safe(endpoint) + "'");
        }
        if (endpoint.getHost() == null || endpoint.getHost().isEmpty()) {
            throw new IllegalArgumentException("the URL '" + endpoint.getScheme() + "://…' has no host");
        }
        if (endpoint.getRawUserInfo() != null) {
            throw new IllegalArgumentException("the URL " + HttpErrors.safe(endpoint)
                    + " carries credentials; pass them as a header (or a bearer token) instead");
        }
        if (endpoint.getRawFragment() != null) {
            throw new IllegalArgumentException("the URL " + HttpErrors.safe(endpoint) + " has a #fragment, which HTTP never sends");
        }
        return endpoint;
    }

    /** A header the application may configure: a valid name, not one the transport sets, a value HTTP allows. */
    public static void header(String name, String value) {
        if (!name.matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+")) {
            throw new IllegalArgumentException("not a valid HTTP header name: '" + name + "'");
        }
        if (RESERVED.contains(name.toLowerCase(Locale.ROOT))) {
            throw new IllegalArgumentException("the header '" + name + "' is set by the transport and cannot be configured");
        }
        value(name, value);
    }

    /**
     * The JDK's HTTP client accepts in a header value only tabs, spaces, visible ASCII and the
     * characters U+0080 to U+00FF, and refuses anything else when the request is built — on a
     * request thread, long after configuration, with the value in its message. So every value
     * is checked here, and the message names the header and the position, never the value.
     */
    public static void value(String name, String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\r' || c == '\n' || c == 0) {
                throw new IllegalArgumentException(String.format(Locale.ROOT,
                        "the value of header '%s' contains a line break or NUL at position %d", name, i));
            }
            if (c != '\t' && (c < 0x20 || c == 0x7F || c > 0xFF)) {
                throw new IllegalArgumentException(String.format(Locale.ROOT,
                        "the value of header '%s' contains U+%04X at position %d, which HTTP does not allow "
                                + "(only tabs, spaces, visible ASCII and U+0080 to U+00FF)", name, (int) c, i));
            }
        }
    }
}
