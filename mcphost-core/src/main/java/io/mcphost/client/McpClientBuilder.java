package io.mcphost.client;

import io.mcphost.protocol.Era;
import static io.mcphost.protocol.internal.Settings.positive;

import io.mcphost.client.internal.ClientConfig;
import io.mcphost.client.internal.RealMcpClient;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.logging.LoggingMessageNotificationParams;
import io.mcphost.protocol.roots.Root;
import io.mcphost.protocol.tasks.Task;
import io.mcphost.transport.Transport;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Configures and builds an {@link McpClient}. Not thread-safe; the client it builds is.
 * {@link #build()} does no I/O; {@link #connect()} builds and runs the handshake.
 */
public final class McpClientBuilder {
    private final Transport transport;
    private String name;
    private Implementation clientInfo = Implementation.of("mcphost", McpClientVersion.VERSION);
    private Duration requestTimeout = Duration.ofSeconds(60);
    private Duration initializeTimeout = Duration.ofSeconds(30);
    private Duration closeTimeout = Duration.ofSeconds(5);
    private int maxPendingRequests = 10_000;
    private int sessionRetries = 3;
    private Consumer<JsonRpcNotification> onNotification = n -> { };
    private Consumer<LoggingMessageNotificationParams> onLog = m -> { };
    private ElicitationHandler elicitation;
    private SamplingHandler sampling;
    private List<Root> roots;
    private Duration serverRequestTimeout = Duration.ofMinutes(10);
    private boolean resetTimeoutOnProgress;
    private Duration maxTotalTimeout;
    private Consumer<ListKind> onListChanged = kind -> { };
    private Consumer<io.mcphost.protocol.McpException> onConnectionLost = e -> { };
    private Consumer<Task> onTaskStatus = t -> { };
    private RequestObserver observer;
    private Era era = Era.AUTO;
    private Duration probeTimeout = Duration.ofMillis(500);

    McpClientBuilder(Transport transport) {
        this.transport = Objects.requireNonNull(transport, "transport");
    }

    /** The server's name in logs and exceptions; defaults to the transport's description. */
    public McpClientBuilder name(String name) {
        this.name = Objects.requireNonNull(name, "name");
        return this;
    }

    /** How this client introduces itself in {@code initialize}. */
    public McpClientBuilder clientInfo(Implementation clientInfo) {
        this.clientInfo = Objects.requireNonNull(clientInfo, "clientInfo");
        return this;
    }

    /** Default deadline of every request (60 s unless set); a call may override it. */
    public McpClientBuilder requestTimeout(Duration timeout) {
        this.requestTimeout = positive(timeout, "requestTimeout");
        return this;
    }

    /** Deadline of the whole handshake (30 s unless set). */
    public McpClientBuilder initializeTimeout(Duration timeout) {
        this.initializeTimeout = positive(timeout, "initializeTimeout");
        return this;
    }

    /**
     * Which protocol era to speak: {@link Era#AUTO} (the default) detects it when connecting,
     * {@link Era#MODERN} speaks revision 2026-07-28 only (a legacy server fails the connect with an
     * actionable message), {@link Era#LEGACY} runs the {@code initialize} handshake at once (no probe).
     */
    public McpClientBuilder era(Era era) {
        this.era = Objects.requireNonNull(era, "era");
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
        this.closeTimeout = positive(timeout, "closeTimeout");
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
     * Lets the server ask the user for input ({@code elicitation/create}, form and URL mode) through
     * {@code handler}, and announces the {@code elicitation} capability. Off unless set. See
     * {@link ElicitationHandler} for threading, validation, deadline and cancellation.
     */
    public McpClientBuilder elicitation(ElicitationHandler handler) {
        this.elicitation = Objects.requireNonNull(handler, "handler");
        return this;
    }

    /**
     * Lets the server ask the application's model for messages ({@code sampling/createMessage})
     * through {@code handler}, and announces the {@code sampling} capability (with {@code tools}).
     * Off unless set. See {@link SamplingHandler}.
     */
    public McpClientBuilder sampling(SamplingHandler handler) {
        this.sampling = Objects.requireNonNull(handler, "handler");
        return this;
    }

    /**
     * Exposes {@code roots} to the server ({@code roots/list}, possibly empty) and announces the
     * {@code roots} capability with {@code listChanged}; change them later with
     * {@link McpClient#setRoots(List)}. Off unless set.
     *
     * @throws IllegalArgumentException if a root is not a {@code file://} URI, as the spec requires
     */
    public McpClientBuilder roots(List<Root> roots) {
        this.roots = ClientConfig.fileRoots(Objects.requireNonNull(roots, "roots"));
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

    /**
     * Observes every request this client sends, {@code initialize} included, and may add
     * {@code _meta} entries to it (W3C trace context); see {@link RequestObserver} for its
     * contract. One observer at most; {@code mcphost-otel} provides one.
     */
    public McpClientBuilder observer(RequestObserver observer) {
        this.observer = Objects.requireNonNull(observer, "observer");
        return this;
    }

    /** Builds the client without connecting; call {@link McpClient#connect()} next. */
    public McpClient build() {
        return new RealMcpClient(new ClientConfig(transport, name == null ? transport.describe() : name,
                clientInfo, requestTimeout, initializeTimeout, closeTimeout, maxPendingRequests, sessionRetries,
                onNotification, onLog, Optional.ofNullable(elicitation), Optional.ofNullable(sampling),
                Optional.ofNullable(roots), serverRequestTimeout, resetTimeoutOnProgress,
                Optional.ofNullable(maxTotalTimeout), onListChanged, onConnectionLost, onTaskStatus,
                Optional.ofNullable(observer), era, probeTimeout));
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
