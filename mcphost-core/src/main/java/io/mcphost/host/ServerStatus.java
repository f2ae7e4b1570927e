package io.mcphost.host;

import io.mcphost.protocol.Era;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.lifecycle.Implementation;
import java.net.URI;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A snapshot of one server of an {@link McpHost}: immutable, taken when
 * {@link McpHost#servers()} was called.
 *
 * @param name            the server's name in the configuration
 * @param state           where it is in its life
 * @param transport       how it is reached, e.g. {@code stdio: npx -y ...} or {@code http: https://...}
 * @param required        whether a failure to start makes {@link McpHostBuilder#start()} fail
 * @param protocolVersion the negotiated revision, while connected
 * @param serverInfo      the server's name and version from its handshake, while connected
 * @param toolCount       tools it contributes to the catalog (after filters); 0 unless READY
 * @param lastError       the most recent failure (start, connection loss, reconnect attempt), if any; its
 *                        message names the server, and its type says what kind of failure it was
 * @param stderrTail      the end of a local server's stderr when it last failed, if any
 * @param reconnectAttempts attempts since the connection was lost; 0 while READY
 * @param since           when it entered its current state
 * @param era             the protocol era it speaks ({@link Era#MODERN} or {@link Era#LEGACY}), while connected
 * @param authorizationUrl where a user authorises the host to use this server, while its OAuth flow
 *                        waits for them (state {@link ServerState#AUTH_REQUIRED}, with a host
 *                        {@linkplain McpHostBuilder#authorization authorization handler}); empty otherwise
 */
public record ServerStatus(String name, ServerState state, String transport, boolean required,
                           Optional<ProtocolVersion> protocolVersion, Optional<Implementation> serverInfo,
                           int toolCount, Optional<McpException> lastError, Optional<String> stderrTail,
                           int reconnectAttempts, Instant since, Optional<Era> era, Optional<URI> authorizationUrl) {
    public ServerStatus {
        Objects.requireNonNull(era, "era");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(protocolVersion, "protocolVersion");
        Objects.requireNonNull(serverInfo, "serverInfo");
        Objects.requireNonNull(lastError, "lastError");
        Objects.requireNonNull(stderrTail, "stderrTail");
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(authorizationUrl, "authorizationUrl");
    }

    /** A snapshot without the era and the authorization URL (the form before either was added). */
    public ServerStatus(String name, ServerState state, String transport, boolean required,
                        Optional<ProtocolVersion> protocolVersion, Optional<Implementation> serverInfo,
                        int toolCount, Optional<McpException> lastError, Optional<String> stderrTail,
                        int reconnectAttempts, Instant since) {
        this(name, state, transport, required, protocolVersion, serverInfo, toolCount, lastError, stderrTail,
                reconnectAttempts, since, Optional.empty(), Optional.empty());
    }

    /** A snapshot without the authorization URL. */
    public ServerStatus(String name, ServerState state, String transport, boolean required,
                        Optional<ProtocolVersion> protocolVersion, Optional<Implementation> serverInfo,
                        int toolCount, Optional<McpException> lastError, Optional<String> stderrTail,
                        int reconnectAttempts, Instant since, Optional<Era> era) {
        this(name, state, transport, required, protocolVersion, serverInfo, toolCount, lastError, stderrTail,
                reconnectAttempts, since, era, Optional.empty());
    }

    /** The message of {@link #lastError()}, for status lines and tables. */
    public Optional<String> lastErrorMessage() {
        return lastError.map(McpException::getMessage);
    }
}
