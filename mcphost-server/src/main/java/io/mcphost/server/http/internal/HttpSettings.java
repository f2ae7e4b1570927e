package io.mcphost.server.http.internal;

import io.mcphost.server.http.ResponseMode;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What a {@link io.mcphost.server.http.StreamableHttpServerBuilder} was told, checked there.
 *
 * @param path              the endpoint path, starting with {@code /}
 * @param allowedOrigins    the exact {@code Origin} values accepted; empty means "loopback origins only"
 * @param checkHost         whether the {@code Host} header must name a loopback host (bound to loopback)
 * @param responseMode      how POSTs carrying requests are answered
 * @param sessionIdleTimeout how long an unused session lives
 * @param maxMessageBytes   the largest POST body accepted
 * @param sseRetry          the {@code retry:} hint sent at the start of each SSE connection
 * @param maxSessions       how many sessions may be live at once
 * @param idleTimeout       how long a connection may wait on a read or write (or between requests)
 * @param maxHeaderBytes    the largest request line and headers accepted
 */
public record HttpSettings(String path, Optional<Set<String>> allowedOrigins, boolean checkHost,
                           ResponseMode responseMode, Duration sessionIdleTimeout, int maxMessageBytes,
                           Duration sseRetry, int maxSessions, Duration idleTimeout, int maxHeaderBytes) {
    public HttpSettings {
        Objects.requireNonNull(path, "path");
        allowedOrigins = allowedOrigins.map(Set::copyOf);
        Objects.requireNonNull(responseMode, "responseMode");
        Objects.requireNonNull(sessionIdleTimeout, "sessionIdleTimeout");
        Objects.requireNonNull(sseRetry, "sseRetry");
        Objects.requireNonNull(idleTimeout, "idleTimeout");
    }
}
