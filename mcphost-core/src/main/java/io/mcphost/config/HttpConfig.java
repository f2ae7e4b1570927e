package io.mcphost.config;

import io.mcphost.transport.http.HttpTransport;
import java.net.URI;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A server reached over HTTP. Immutable.
 *
 * @param url the MCP endpoint ({@code http} or {@code https})
 * @param mode {@code type: "http"} is {@link HttpTransport.Mode#STREAMABLE_HTTP}, {@code "sse"} is
 *             {@link HttpTransport.Mode#SSE}, and a {@code url} with no type is
 *             {@link HttpTransport.Mode#AUTO} (Streamable HTTP, falling back to SSE)
 * @param headers headers sent on every request, in file order
 * @param bearerTokenEnv the environment variable holding a bearer token, read when the transport is built
 */
public record HttpConfig(URI url, HttpTransport.Mode mode, Map<String, String> headers,
                         Optional<String> bearerTokenEnv) implements TransportConfig {
    /** Validates and copies. */
    public HttpConfig {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(mode, "mode");
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        Objects.requireNonNull(bearerTokenEnv, "bearerTokenEnv");
    }

    /**
     * An {@link HttpTransport} for this endpoint, named {@code serverName}. Does no I/O.
     *
     * @throws IllegalStateException if {@link #bearerTokenEnv()} names a variable that is not set
     */
    @Override
    public HttpTransport toTransport(String serverName) {
        HttpTransport.Builder b = HttpTransport.builder(url).name(serverName).mode(mode);
        headers.forEach(b::header);
        bearerTokenEnv.ifPresent(b::bearerTokenEnv);
        return b.build();
    }

    /** {@code http: } and the URL; headers and tokens stay out of it. */
    @Override
    public String describe() {
        return "http: " + url;
    }
}
