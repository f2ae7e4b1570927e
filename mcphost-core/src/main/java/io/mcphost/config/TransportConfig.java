package io.mcphost.config;

import io.mcphost.transport.Transport;

/**
 * How to reach one server: a local process ({@link StdioConfig}) or an HTTP endpoint
 * ({@link HttpConfig}). Immutable; variables are already substituted.
 */
public sealed interface TransportConfig permits StdioConfig, HttpConfig {
    /**
     * Builds the matching transport, named {@code serverName} in logs and errors. Does no I/O: a
     * process starts, or a connection opens, only in {@link Transport#start}.
     *
     * @throws IllegalArgumentException if the transport rejects a setting (for example a reserved header)
     * @throws IllegalStateException if a {@code bearerTokenEnv} variable is not set
     */
    Transport toTransport(String serverName);

    /**
     * How the server is reached, for status tables and logs, e.g. {@code stdio: npx -y server} or
     * {@code http: https://example.com/mcp}. Never contains header values, tokens or environment values.
     */
    String describe();
}
