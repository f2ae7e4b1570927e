package io.mcphost.server.http.internal;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * DNS-rebinding protection (spec 2025-11-25, basic/transports, "Security Warning"): a web page
 * whose host name was re-pointed at 127.0.0.1 still sends its own {@code Origin} and {@code Host},
 * so both are checked. Stateless and thread-safe.
 */
final class RebindingGuard {
    private static final Set<String> LOOPBACK_HOSTS = Set.of("localhost", "127.0.0.1", "[::1]", "::1");

    private final Optional<Set<String>> allowedOrigins;
    private final boolean checkHost;

    RebindingGuard(Optional<Set<String>> allowedOrigins, boolean checkHost) {
        this.allowedOrigins = allowedOrigins.map(set -> Set.copyOf(set.stream().map(RebindingGuard::lower).toList()));
        this.checkHost = checkHost;
    }

    /**
     * Whether a request with this {@code Origin} header (null when absent) may proceed. Without a
     * configured set, only loopback origins are allowed; a request with no Origin comes from a
     * non-browser client and cannot be a rebinding attack.
     */
    boolean allowsOrigin(String origin) {
        if (origin == null) {
            return true;
        }
        if (allowedOrigins.isPresent()) {
            return allowedOrigins.get().contains(lower(origin.strip()));
        }
        try {
            URI uri = new URI(origin.strip());
            String scheme = lower(String.valueOf(uri.getScheme()));
            String host = uri.getHost();
            return (scheme.equals("http") || scheme.equals("https")) && host != null
                    && LOOPBACK_HOSTS.contains(lower(host)) && (uri.getPath() == null || uri.getPath().isEmpty());
        } catch (URISyntaxException e) {
            return false; // includes the opaque origin "null" of sandboxed pages and file: URLs
        }
    }

    /**
     * Whether a request with this {@code Host} header (null when absent, as from HTTP/1.0 clients)
     * may proceed: when bound to loopback, the host must be a loopback name, with any port.
     */
    boolean allowsHost(String hostHeader) {
        if (!checkHost || hostHeader == null) {
            return true;
        }
        String host = lower(hostHeader.strip());
        if (host.startsWith("[")) {
            int end = host.indexOf(']');
            host = end < 0 ? host : host.substring(0, end + 1);
        } else {
            int colon = host.indexOf(':');
            host = colon < 0 ? host : host.substring(0, colon);
        }
        return LOOPBACK_HOSTS.contains(host);
    }

    private static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
