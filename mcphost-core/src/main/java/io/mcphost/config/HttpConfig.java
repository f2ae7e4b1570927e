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
 * @param oauth the entry's OAuth client settings ({@code oauth} or {@code auth}), if any
 */
public record HttpConfig(URI url, HttpTransport.Mode mode, Map<String, String> headers,
                         Optional<String> bearerTokenEnv, Optional<OAuthConfig> oauth) implements TransportConfig {
    /** Validates and copies. */
    public HttpConfig {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(mode, "mode");
        headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        Objects.requireNonNull(bearerTokenEnv, "bearerTokenEnv");
        Objects.requireNonNull(oauth, "oauth");
    }

    /** An entry without OAuth client settings. */
    public HttpConfig(URI url, HttpTransport.Mode mode, Map<String, String> headers, Optional<String> bearerTokenEnv) {
        this(url, mode, headers, bearerTokenEnv, Optional.empty());
    }

    /**
     * An {@link HttpTransport} for this endpoint, named {@code serverName}. Does no I/O.
     *
     * @throws IllegalStateException if {@link #bearerTokenEnv()} names a variable that is not set
     */
    @Override
    public HttpTransport toTransport(String serverName) {
        return toTransport(serverName, null);
    }

    /** An {@link HttpTransport}; {@code stdio} does not apply. */
    @Override
    public HttpTransport toTransport(String serverName, io.mcphost.auth.AuthorizationHandler handler,
                                     java.util.function.Consumer<io.mcphost.transport.stdio.StdioTransport.Builder> stdio) {
        return toTransport(serverName, handler);
    }

    /**
     * As {@link #toTransport(String)}, with {@code handler} showing the OAuth authorization URL when
     * the server needs a user (null: none; such a server then fails with a message saying to log in).
     */
    public HttpTransport toTransport(String serverName, io.mcphost.auth.AuthorizationHandler handler) {
        HttpTransport.Builder b = HttpTransport.builder(url).name(serverName).mode(mode);
        headers.forEach(b::header);
        bearerTokenEnv.ifPresent(b::bearerTokenEnv);
        // OAuth unless the entry authenticates itself: tokens stored by `mcphost login` (~/.mcphost/oauth) are
        // used and refreshed; a server that needs a user then fails with a message saying to log in.
        boolean explicit = bearerTokenEnv.isPresent() || headers.keySet().stream().anyMatch("Authorization"::equalsIgnoreCase);
        if (!explicit) {
            b.oauth(oauthSettings(handler));
        }
        return b.build();
    }

    /**
     * The OAuth settings of this entry: its client settings, the default token store, and
     * {@code handler} to show the authorization URL (null: none, a server that needs a user fails).
     */
    public io.mcphost.auth.OAuthSettings oauthSettings(io.mcphost.auth.AuthorizationHandler handler) {
        io.mcphost.auth.OAuthSettings.Builder settings = io.mcphost.auth.OAuthSettings.builder();
        if (handler != null) {
            settings.handler(handler);
        }
        oauth.ifPresent(o -> {
            o.clientId().ifPresent(settings::clientId);
            o.clientSecret().ifPresent(settings::clientSecret);
            if (!o.scopes().isEmpty()) {
                settings.scopes(o.scopes());
            }
            o.callbackPort().ifPresent(settings::callbackPort);
        });
        return settings.build();
    }

    /**
     * {@code http: } and the URL without its query or user information (a key passed as
     * {@code ?api_key=} is a secret too); headers and tokens stay out of it.
     */
    @Override
    public String describe() {
        return "http: " + io.mcphost.transport.http.internal.HttpErrors.safe(url);
    }
}
