package io.mcphost.client;

import static io.mcphost.protocol.internal.Settings.positive;

import io.mcphost.client.internal.ClientConfig;
import io.mcphost.client.internal.RealMcpClient;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.logging.LoggingMessageNotificationParams;
import io.mcphost.protocol.tasks.Task;
import io.mcphost.transport.Transport;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Configures and builds an {@link McpClient}. Not thread-safe; the client it builds is.
 * {@link #build()} does no I/O; {@link #connect()} builds and runs the handshake. The settings a host
 * also sets (timeouts, era, handlers, roots, observer) are one {@link ClientSettings} record, set through
 * the shared {@link ClientSettings.Setters}; what nobody set is {@link ClientSettings#DEFAULTS}.
 */
public final class McpClientBuilder implements ClientSettings.Setters<McpClientBuilder> {
    private final Transport transport;
    private String name;
    private ClientSettings settings = ClientSettings.NONE;
    private int maxPendingRequests = ClientConfig.MAX_PENDING_REQUESTS;
    private int sessionRetries = ClientConfig.SESSION_RETRIES;
    private Consumer<JsonRpcNotification> onNotification = n -> { };
    private Consumer<LoggingMessageNotificationParams> onLog = m -> { };
    private Duration serverRequestTimeout = ClientConfig.SERVER_REQUEST_TIMEOUT;
    private boolean resetTimeoutOnProgress;
    private Duration maxTotalTimeout;
    private Consumer<ListKind> onListChanged = kind -> { };
    private Consumer<io.mcphost.protocol.McpException> onConnectionLost = e -> { };
    private Consumer<Task> onTaskStatus = t -> { };
    private Duration probeTimeout = ClientConfig.PROBE_TIMEOUT;

    McpClientBuilder(Transport transport) {
        this.transport = Objects.requireNonNull(transport, "transport");
    }

    @Override
    public ClientSettings settings() {
        return settings;
    }

    @Override
    public McpClientBuilder settings(ClientSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
        return this;
    }

    /** The server's name in logs and exceptions; defaults to the transport's description. */
    public McpClientBuilder name(String name) {
        this.name = Objects.requireNonNull(name, "name");
        return this;
    }

    /** Deadline of the whole handshake (30 s unless set). */
    public McpClientBuilder initializeTimeout(Duration timeout) {
        settings = settings.withInitializeTimeout(timeout, "initializeTimeout");
        return this;
    }

    /**
     * How long the stdio era probe ({@code server/discover}) waits for an answer before the server is
     * taken for a legacy one that ignores unknown requests (500 ms unless set). A process that was
     * just started gets a startup allowance on top (its runtime may still be loading), see
     * {@code docs/eras.md}. Over HTTP every server answers the probe, so it waits up to the
     * initialize timeout there.
     */
    public McpClientBuilder probeTimeout(Duration timeout) {
        this.probeTimeout = positive(timeout, "probeTimeout");
        return this;
    }

    /** Budget of {@link McpClient#close()} (5 s unless set). */
    public McpClientBuilder closeTimeout(Duration timeout) {
        settings = settings.withCloseTimeout(timeout);
        return this;
    }

    /** Requests in flight at once before new calls are refused (10,000 unless set). */
    public McpClientBuilder maxPendingRequests(int max) {
        this.maxPendingRequests = positive(max, "maxPendingRequests");
        return this;
    }

    /**
     * Re-handshakes in a row (one at a time, for all callers, each request resent) after the server
     * forgot the session (HTTP 404) with no request answered between; then the client fails and the
     * host reconnects or reports it. 3 unless set; 0 surfaces the expiry to the caller.
     */
    public McpClientBuilder sessionRetries(int retries) {
        if (retries < 0) {
            throw new IllegalArgumentException("sessionRetries must not be negative, got " + retries);
        }
        this.sessionRetries = retries;
        return this;
    }

    /**
     * Receives every server notification the client does not consume itself (list changes,
     * resource updates, {@code notifications/elicitation/complete}, ...). Runs on the client's notification thread, in arrival order; must
     * return quickly; an exception it throws is logged and ignored.
     */
    public McpClientBuilder onNotification(Consumer<JsonRpcNotification> listener) {
        this.onNotification = Objects.requireNonNull(listener, "listener");
        return this;
    }

    /**
     * Receives the server's log messages (they also go to the SLF4J logger
     * {@code mcphost.server.<name>} at the mapped level). Same threading as {@link #onNotification}.
     */
    public McpClientBuilder onLog(Consumer<LoggingMessageNotificationParams> listener) {
        this.onLog = Objects.requireNonNull(listener, "listener");
        return this;
    }

    /**
     * How long a handler may take to answer a server's request (10 minutes unless set: a person may
     * be answering). When it passes, the client answers on the handler's behalf: {@code cancel} for
     * an elicitation, an error for sampling; the handler is told through
     * {@link ServerRequestContext#cancelled()} and interrupted if still blocked in its method.
     */
    public McpClientBuilder serverRequestTimeout(Duration timeout) {
        this.serverRequestTimeout = positive(timeout, "serverRequestTimeout");
        return this;
    }

    /**
     * Whether a progress notification restarts the timeout of the request it is about, for every
     * request that does not decide itself ({@link CallOptions.Builder#resetTimeoutOnProgress});
     * off unless set. When on, requests ask the server for progress, and a request's deadline
     * still never passes its {@linkplain #maxTotalTimeout maximum total time}.
     */
    public McpClientBuilder resetTimeoutOnProgress(boolean reset) {
        this.resetTimeoutOnProgress = reset;
        return this;
    }

    /**
     * The longest a request whose timeout progress restarts may take in all, for requests that do
     * not set their own ({@link CallOptions.Builder#maxTotalTimeout}); ten times the request's
     * timeout unless set.
     */
    public McpClientBuilder maxTotalTimeout(Duration maxTotal) {
        this.maxTotalTimeout = positive(maxTotal, "maxTotalTimeout");
        return this;
    }

    /**
     * Receives which list the server announced as changed ({@code notifications/tools/list_changed}
     * and its prompts and resources twins), so the application can list it again. Same threading as
     * {@link #onNotification}, which still receives these notifications too.
     */
    public McpClientBuilder onListChanged(Consumer<ListKind> listener) {
        this.onListChanged = Objects.requireNonNull(listener, "listener");
        return this;
    }

    /**
     * Told once when a connected client loses its server (the process exits, the stream breaks, the
     * session cannot be re-established): the client is {@link ClientState#FAILED} by then and every
     * pending call has failed. Not called for a failed handshake (connect throws instead) nor after
     * {@link McpClient#close()}. Runs on a virtual thread of its own; an exception it throws is logged.
     */
    public McpClientBuilder onConnectionLost(Consumer<io.mcphost.protocol.McpException> listener) {
        this.onConnectionLost = Objects.requireNonNull(listener, "listener");
        return this;
    }

    /**
     * Receives every {@code notifications/tasks/status} the server sends (servers need not send
     * them; {@link ToolTask} polls either way). Same threading as {@link #onNotification}.
     */
    public McpClientBuilder onTaskStatus(Consumer<Task> listener) {
        this.onTaskStatus = Objects.requireNonNull(listener, "listener");
        return this;
    }

    /** Builds the client without connecting; call {@link McpClient#connect()} next. */
    public McpClient build() {
        ClientSettings s = settings.orElse(ClientSettings.DEFAULTS);
        return RealMcpClient.create(new ClientConfig(transport, name == null ? transport.describe() : name,
                s.clientInfo().orElseThrow(), s.requestTimeout().orElseThrow(), s.initializeTimeout().orElseThrow(),
                s.closeTimeout().orElseThrow(), maxPendingRequests, sessionRetries, onNotification, onLog, s.elicitation(),
                s.sampling(), s.roots(), serverRequestTimeout, resetTimeoutOnProgress, Optional.ofNullable(maxTotalTimeout),
                onListChanged, onConnectionLost, onTaskStatus, s.observer(), s.era().orElseThrow(), probeTimeout,
                s.eraMemory()));
    }

    /**
     * Builds the client and runs the handshake, blocking for at most the initialize timeout.
     * On failure the transport is closed (no process is left behind) and the exception thrown.
     */
    public McpClient connect() {
        McpClient client = build();
        client.connect();
        return client;
    }
}
