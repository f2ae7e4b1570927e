package io.mcphost.config;

import io.mcphost.auth.AuthorizationHandler;
import io.mcphost.transport.Transport;
import io.mcphost.transport.stdio.StdioTransport;
import java.util.function.Consumer;

/**
 * How to reach one server: a local process ({@link StdioConfig}) or an HTTP endpoint
 * ({@link HttpConfig}). Immutable; variables are already substituted.
 *
 * <p>Each record builds its own transport ({@link #toTransport(String, AuthorizationHandler, Consumer)}): the
 * one place a configuration entry becomes a transport, so nothing above (the host's {@code ServerSpec}) asks
 * which kind it is. A new transport is a new record here, read by the configuration reader.
 */
public sealed interface TransportConfig permits StdioConfig, HttpConfig {
    /**
     * Builds the matching transport, named {@code serverName} in logs and errors, for a host. Does no I/O.
     *
     * @param handler shows the OAuth authorization URL when an HTTP server needs a user (null: none; such
     *                a server then fails with a message saying to log in); other transports ignore it
     * @param stdio   adjusts a local process's transport builder before it is built, for settings a file
     *                does not hold (such as a command-line tool's shorter close grace); other transports ignore it
     * @throws IllegalArgumentException if the transport rejects a setting (for example a reserved header)
     * @throws IllegalStateException if a {@code bearerTokenEnv} variable is not set
     */
    Transport toTransport(String serverName, AuthorizationHandler handler, Consumer<StdioTransport.Builder> stdio);

    /**
     * Builds the matching transport, named {@code serverName} in logs and errors. Does no I/O: a
     * process starts, or a connection opens, only in {@link Transport#start}.
     *
     * @throws IllegalArgumentException if the transport rejects a setting (for example a reserved header)
     * @throws IllegalStateException if a {@code bearerTokenEnv} variable is not set
     */
    default Transport toTransport(String serverName) {
        return toTransport(serverName, null, builder -> { });
    }

    /**
     * How the server is reached, for status tables and logs, e.g. {@code stdio: npx -y server} or
     * {@code http: https://example.com/mcp}. Never contains header values, tokens or environment values.
     */
    String describe();
}
