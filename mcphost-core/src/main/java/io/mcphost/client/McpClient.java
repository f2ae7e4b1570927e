package io.mcphost.client;

import static io.mcphost.protocol.internal.Settings.positive;

import io.mcphost.client.internal.Blocking;
import io.mcphost.client.internal.ClientConfig;
import io.mcphost.client.internal.RealMcpClient;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.completion.CompleteRequestParams;
import io.mcphost.protocol.completion.CompleteResult;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.lifecycle.ServerCapabilities;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.logging.LoggingMessageNotificationParams;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.protocol.resources.ResourceUpdatedNotificationParams;
import io.mcphost.protocol.roots.Root;
import io.mcphost.protocol.tasks.Task;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.transport.Transport;
import io.mcphost.transport.stdio.StdioTransport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * A connection to one MCP server: the {@code initialize} handshake, then requests and their
 * answers. Safe for many concurrent callers; each call is independent and answers are matched to
 * callers by request id.
 *
 * <p>Every request comes twice. The {@code ...Async} method never blocks (capability and argument
 * checks throw at once) and returns a {@link CompletableFuture}; the blocking twin awaits it, so it
 * blocks the calling thread (cheap on a virtual thread) for at most the request's deadline: the
 * client's {@linkplain Builder#requestTimeout request timeout} unless the call's {@link CallOptions}
 * say otherwise. Both fail with the same exception types (the future wraps them in a
 * {@link java.util.concurrent.CompletionException} on {@code join}). Interrupting a blocked caller,
 * or cancelling a future, sends {@code notifications/cancelled} to the server and fails the call with
 * {@link io.mcphost.protocol.McpCancelledException}.
 *
 * <p>Failures are {@link io.mcphost.protocol.McpException}s naming the server:
 * {@link io.mcphost.protocol.McpTimeoutException} when the deadline passes,
 * {@link io.mcphost.protocol.McpError} when the server answers with an error,
 * {@link io.mcphost.protocol.McpCapabilityException} (before anything is sent) when the server did
 * not announce the feature, {@link io.mcphost.protocol.McpProtocolException} when its answer is
 * malformed, {@link io.mcphost.protocol.McpTransportException} when the connection dies,
 * {@link io.mcphost.protocol.McpClosedException} after {@link #close()}. A tool result with
 * {@code isError: true} is returned, not thrown. Methods below name only their own other failures.
 */
public interface McpClient extends AutoCloseable {

    /** A builder for a client over the given transport; no I/O until it connects. */
    static Builder builder(Transport transport) {
        return new Builder(transport);
    }

    /**
     * A builder for a client of a local server started as a child process: {@code command} and {@code args}
     * are executed directly, never through a shell, with an allowlisted environment. Nothing starts yet.
     */
    static Builder stdio(String command, String... args) {
        StdioTransport transport = StdioTransport.builder(command, args).build();
        // Named after the program (npx, uvx, ...), not the whole command line, in logs and errors.
        return new Builder(transport).name(java.nio.file.Path.of(command).getFileName().toString());
    }

    /**
     * A builder for a client of a remote server at {@code url}: Streamable HTTP, falling back to legacy HTTP+SSE
     * when the server speaks only that. For headers, tokens and other HTTP settings, build an
     * {@link io.mcphost.transport.http.HttpTransport} and use {@link #builder(Transport)}.
     *
     * @throws IllegalArgumentException if {@code url} is not an http(s) URL
     */
    static Builder http(String url) {
        io.mcphost.transport.http.HttpTransport transport = io.mcphost.transport.http.HttpTransport.builder(url).build();
        return new Builder(transport);
    }

    /** The server's name as used in logs and exceptions. Never blocks. */
    String name();

    /** Where the client is in its lifecycle. Never blocks. */
    ClientState state();

    /** Why the client is {@link ClientState#FAILED}, if it is. Never blocks. */
    Optional<Throwable> failure();

    /**
     * Runs the handshake: starts the transport, sends {@code initialize}, checks the protocol
     * version and sends {@code notifications/initialized}. Blocks for at most the initialize
     * timeout. Called at most once; {@link Builder#connect()} calls it for you.
     *
     * @throws io.mcphost.protocol.McpProtocolException if the server insists on a revision McpHost does not speak
     * @throws io.mcphost.protocol.McpTransportException if the server cannot be started or reached
     * @throws io.mcphost.protocol.McpTimeoutException if the handshake does not finish in time
     * @throws IllegalStateException if the client is not {@link ClientState#CREATED}
     */
    void connect();

    /** The negotiated protocol revision. Never blocks. @throws IllegalStateException before the handshake */
    ProtocolVersion protocolVersion();

    /** The server's name and version from the handshake. Never blocks. @throws IllegalStateException before the handshake */
    Implementation serverInfo();

    /** What the server announced. Never blocks. @throws IllegalStateException before the handshake */
    ServerCapabilities serverCapabilities();

    /** The server's usage instructions, if it sent any; empty before the handshake. Never blocks. */
    Optional<String> instructions();

    /** Sends {@code ping}; blocks until the server answers, at most the request timeout. */
    default void ping() {
        Blocking.await(name(), pingAsync());
    }

    /** {@link #ping()} without blocking. */
    CompletableFuture<Void> pingAsync();

    /** All tools, following every page; blocks for at most the request timeout per page. Needs {@code tools}. */
    default List<Tool> listTools() {
        return Blocking.await(name(), listToolsAsync());
    }

    /** {@link #listTools()} without blocking. */
    CompletableFuture<List<Tool>> listToolsAsync();

    /** {@link #callTool(String, JsonNode, CallOptions)} with the client's default timeout. */
    default CallToolResult callTool(String name, JsonNode arguments) {
        return callTool(name, arguments, CallOptions.defaults());
    }

    /**
     * Calls a tool and blocks for its result, at most the options' timeout. When the tool (as last
     * listed) declares an {@code outputSchema}, the result's {@code structuredContent} is validated
     * against it and a mismatch throws {@link io.mcphost.protocol.McpProtocolException}. A tool the
     * server lists with {@code execution.taskSupport: required} runs as a task, within the same
     * deadline: cancelling the call, or its timing out, cancels the task (also when the caller gives
     * up while the task is being created).
     *
     * @param arguments a JSON object, or null for none
     * @throws IllegalArgumentException if {@code arguments} is neither null nor a JSON object
     */
    default CallToolResult callTool(String name, JsonNode arguments, CallOptions options) {
        return Blocking.await(name(), callToolAsync(name, arguments, options));
    }

    /** {@link #callTool(String, JsonNode)} without blocking. */
    default CompletableFuture<CallToolResult> callToolAsync(String name, JsonNode arguments) {
        return callToolAsync(name, arguments, CallOptions.defaults());
    }

    /** {@link #callTool(String, JsonNode, CallOptions)} without blocking. */
    CompletableFuture<CallToolResult> callToolAsync(String name, JsonNode arguments, CallOptions options);

    /** All resources, following every page; blocks at most the request timeout per page. Needs {@code resources}. */
    default List<Resource> listResources() {
        return Blocking.await(name(), listResourcesAsync());
    }

    /** {@link #listResources()} without blocking. */
    CompletableFuture<List<Resource>> listResourcesAsync();

    /** All resource templates, following every page; blocks at most the request timeout per page. Needs {@code resources}. */
    default List<ResourceTemplate> listResourceTemplates() {
        return Blocking.await(name(), listResourceTemplatesAsync());
    }

    /** {@link #listResourceTemplates()} without blocking. */
    CompletableFuture<List<ResourceTemplate>> listResourceTemplatesAsync();

    /** Reads a resource ({@code resources/read}); blocks at most the request timeout. Needs {@code resources}. */
    default ReadResourceResult readResource(String uri) {
        return readResource(uri, CallOptions.defaults());
    }

    /** Like {@link #readResource(String)}, with the call's own deadline, progress listener and {@code _meta}. */
    default ReadResourceResult readResource(String uri, CallOptions options) {
        return Blocking.await(name(), readResourceAsync(uri, options));
    }

    /** {@link #readResource(String)} without blocking. */
    default CompletableFuture<ReadResourceResult> readResourceAsync(String uri) {
        return readResourceAsync(uri, CallOptions.defaults());
    }

    /** {@link #readResource(String, CallOptions)} without blocking. */
    CompletableFuture<ReadResourceResult> readResourceAsync(String uri, CallOptions options);

    /** All prompts, following every page; blocks at most the request timeout per page. Needs {@code prompts}. */
    default List<Prompt> listPrompts() {
        return Blocking.await(name(), listPromptsAsync());
    }

    /** {@link #listPrompts()} without blocking. */
    CompletableFuture<List<Prompt>> listPromptsAsync();

    /** Gets a prompt with its arguments (null for none); blocks at most the request timeout. Needs {@code prompts}. */
    default GetPromptResult getPrompt(String name, Map<String, String> arguments) {
        return getPrompt(name, arguments, CallOptions.defaults());
    }

    /** Like {@link #getPrompt(String, Map)}, with the call's own deadline, progress listener and {@code _meta}. */
    default GetPromptResult getPrompt(String name, Map<String, String> arguments, CallOptions options) {
        return Blocking.await(name(), getPromptAsync(name, arguments, options));
    }

    /** {@link #getPrompt(String, Map)} without blocking. */
    default CompletableFuture<GetPromptResult> getPromptAsync(String name, Map<String, String> arguments) {
        return getPromptAsync(name, arguments, CallOptions.defaults());
    }

    /** {@link #getPrompt(String, Map, CallOptions)} without blocking. */
    CompletableFuture<GetPromptResult> getPromptAsync(String name, Map<String, String> arguments, CallOptions options);

    /** Asks for completions ({@code completion/complete}); blocks at most the request timeout. Needs {@code completions}. */
    default CompleteResult complete(CompleteRequestParams request) {
        return Blocking.await(name(), completeAsync(request));
    }

    /** {@link #complete} without blocking. */
    CompletableFuture<CompleteResult> completeAsync(CompleteRequestParams request);

    /** Asks the server to send log messages at {@code level} and above; blocks at most the request timeout. Needs {@code logging}. */
    default void setLoggingLevel(LoggingLevel level) {
        Blocking.await(name(), setLoggingLevelAsync(level));
    }

    /** {@link #setLoggingLevel} without blocking. */
    CompletableFuture<Void> setLoggingLevelAsync(LoggingLevel level);

    /**
     * Replaces the roots the server sees in {@code roots/list} and, when connected, sends
     * {@code notifications/roots/list_changed} so the server can ask again. Blocks until the
     * notification is written (a server that cannot be told now reads the list at its next
     * {@code roots/list}; this method does not throw for I/O). Safe to call from any thread.
     *
     * @throws IllegalStateException if roots were not enabled with {@link Builder#roots(List)}: the
     *         capability is settled in the handshake, so it cannot be switched on later
     * @throws IllegalArgumentException if a root is not a {@code file://} URI
     */
    void setRoots(List<Root> roots);

    /**
     * Subscribes {@code listener} to changes of the resource at {@code uri}: the server's
     * {@code notifications/resources/updated} for the URI, or for a sub-resource under it
     * ({@code uri} + {@code /}, {@code ?} or {@code #} ...), reach the listener on the client's
     * notification thread, in arrival order (it must return quickly; an exception it throws is
     * logged). {@link Builder#onNotification} still receives them too. The first subscription to a
     * URI sends {@code resources/subscribe} and blocks for the answer (request timeout); further
     * ones share it. Close the returned handle to stop; see {@link ResourceSubscription}.
     *
     * @throws io.mcphost.protocol.McpCapabilityException before anything is sent, if the server did
     *         not announce {@code resources.subscribe}
     * @throws io.mcphost.protocol.McpError if the server refused (e.g. an unknown resource)
     */
    default ResourceSubscription subscribeResource(String uri, Consumer<ResourceUpdatedNotificationParams> listener) {
        return Blocking.await(name(), subscribeResourceAsync(uri, listener));
    }

    /**
     * {@link #subscribeResource} without blocking: the capability check still throws at once, the
     * future completes once the server accepted the subscription. Cancelling it before then cancels
     * the subscription.
     */
    CompletableFuture<ResourceSubscription> subscribeResourceAsync(String uri,
                                                                   Consumer<ResourceUpdatedNotificationParams> listener);

    /**
     * Sends any request and blocks for its raw result, at most the options' timeout: the escape hatch
     * for methods this interface does not model. Capability checks are the caller's business.
     *
     * @throws IllegalArgumentException if {@code params} is neither null nor a JSON object
     */
    default JsonNode request(String method, JsonNode params, CallOptions options) {
        return Blocking.await(name(), requestAsync(method, params, options));
    }

    /** {@link #request} without blocking. */
    CompletableFuture<JsonNode> requestAsync(String method, JsonNode params, CallOptions options);

    /** The experimental tasks of 2025-11-25: tool calls as tasks and requests about a task id. Never blocks. */
    ClientTasks tasks();

    /**
     * Closes the connection within {@code budget}: pending calls fail at once with
     * {@link io.mcphost.protocol.McpClosedException}, then the transport is closed (for a child
     * process: stdin closed, SIGTERM, SIGKILL of the whole process tree). Idempotent. Over a
     * {@linkplain Transport#reopenable() re-openable} transport (HTTP), the next call after close
     * re-opens the connection and runs the handshake again; over others it fails with
     * {@link io.mcphost.protocol.McpClosedException}.
     */
    void close(Duration budget);

    /** Closes within the configured close timeout; blocks at most that long. */
    @Override
    void close();

    /**
     * Configures and builds an {@link McpClient}. Not thread-safe; the client it builds is.
     * {@link #build()} does no I/O; {@link #connect()} builds and runs the handshake.
     */
    final class Builder {
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

        Builder(Transport transport) {
            this.transport = Objects.requireNonNull(transport, "transport");
        }

        /** The server's name in logs and exceptions; defaults to the transport's description. */
        public Builder name(String name) {
            this.name = Objects.requireNonNull(name, "name");
            return this;
        }

        /** How this client introduces itself in {@code initialize}. */
        public Builder clientInfo(Implementation clientInfo) {
            this.clientInfo = Objects.requireNonNull(clientInfo, "clientInfo");
            return this;
        }

        /** Default deadline of every request (60 s unless set); a call may override it. */
        public Builder requestTimeout(Duration timeout) {
            this.requestTimeout = positive(timeout, "requestTimeout");
            return this;
        }

        /** Deadline of the whole handshake (30 s unless set). */
        public Builder initializeTimeout(Duration timeout) {
            this.initializeTimeout = positive(timeout, "initializeTimeout");
            return this;
        }

        /** Budget of {@link McpClient#close()} (5 s unless set). */
        public Builder closeTimeout(Duration timeout) {
            this.closeTimeout = positive(timeout, "closeTimeout");
            return this;
        }

        /** Requests in flight at once before new calls are refused (10,000 unless set). */
        public Builder maxPendingRequests(int max) {
            this.maxPendingRequests = positive(max, "maxPendingRequests");
            return this;
        }

        /**
         * Re-handshakes in a row (one at a time, for all callers, each request resent) after the server
         * forgot the session (HTTP 404) with no request answered between; then the client fails and the
         * host reconnects or reports it. 3 unless set; 0 surfaces the expiry to the caller.
         */
        public Builder sessionRetries(int retries) {
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
        public Builder onNotification(Consumer<JsonRpcNotification> listener) {
            this.onNotification = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /**
         * Receives the server's log messages (they also go to the SLF4J logger
         * {@code mcphost.server.<name>} at the mapped level). Same threading as {@link #onNotification}.
         */
        public Builder onLog(Consumer<LoggingMessageNotificationParams> listener) {
            this.onLog = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /**
         * Lets the server ask the user for input ({@code elicitation/create}, form and URL mode) through
         * {@code handler}, and announces the {@code elicitation} capability. Off unless set. See
         * {@link ElicitationHandler} for threading, validation, deadline and cancellation.
         */
        public Builder elicitation(ElicitationHandler handler) {
            this.elicitation = Objects.requireNonNull(handler, "handler");
            return this;
        }

        /**
         * Lets the server ask the application's model for messages ({@code sampling/createMessage})
         * through {@code handler}, and announces the {@code sampling} capability (with {@code tools}).
         * Off unless set. See {@link SamplingHandler}.
         */
        public Builder sampling(SamplingHandler handler) {
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
        public Builder roots(List<Root> roots) {
            this.roots = ClientConfig.fileRoots(Objects.requireNonNull(roots, "roots"));
            return this;
        }

        /**
         * How long a handler may take to answer a server's request (10 minutes unless set: a person may
         * be answering). When it passes, the client answers on the handler's behalf: {@code cancel} for
         * an elicitation, an error for sampling; the handler is told through
         * {@link ServerRequestContext#cancelled()} and interrupted if still blocked in its method.
         */
        public Builder serverRequestTimeout(Duration timeout) {
            this.serverRequestTimeout = positive(timeout, "serverRequestTimeout");
            return this;
        }

        /**
         * Whether a progress notification restarts the timeout of the request it is about, for every
         * request that does not decide itself ({@link CallOptions.Builder#resetTimeoutOnProgress});
         * off unless set. When on, requests ask the server for progress, and a request's deadline
         * still never passes its {@linkplain #maxTotalTimeout maximum total time}.
         */
        public Builder resetTimeoutOnProgress(boolean reset) {
            this.resetTimeoutOnProgress = reset;
            return this;
        }

        /**
         * The longest a request whose timeout progress restarts may take in all, for requests that do
         * not set their own ({@link CallOptions.Builder#maxTotalTimeout}); ten times the request's
         * timeout unless set.
         */
        public Builder maxTotalTimeout(Duration maxTotal) {
            this.maxTotalTimeout = positive(maxTotal, "maxTotalTimeout");
            return this;
        }

        /**
         * Receives which list the server announced as changed ({@code notifications/tools/list_changed}
         * and its prompts and resources twins), so the application can list it again. Same threading as
         * {@link #onNotification}, which still receives these notifications too.
         */
        public Builder onListChanged(Consumer<ListKind> listener) {
            this.onListChanged = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /**
         * Told once when a connected client loses its server (the process exits, the stream breaks, the
         * session cannot be re-established): the client is {@link ClientState#FAILED} by then and every
         * pending call has failed. Not called for a failed handshake (connect throws instead) nor after
         * {@link McpClient#close()}. Runs on a virtual thread of its own; an exception it throws is logged.
         */
        public Builder onConnectionLost(Consumer<io.mcphost.protocol.McpException> listener) {
            this.onConnectionLost = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /**
         * Receives every {@code notifications/tasks/status} the server sends (servers need not send
         * them; {@link ToolTask} polls either way). Same threading as {@link #onNotification}.
         */
        public Builder onTaskStatus(Consumer<Task> listener) {
            this.onTaskStatus = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /** Builds the client without connecting; call {@link McpClient#connect()} next. */
        public McpClient build() {
            return new RealMcpClient(new ClientConfig(transport, name == null ? transport.describe() : name,
                    clientInfo, requestTimeout, initializeTimeout, closeTimeout, maxPendingRequests, sessionRetries,
                    onNotification, onLog, Optional.ofNullable(elicitation), Optional.ofNullable(sampling),
                    Optional.ofNullable(roots), serverRequestTimeout, resetTimeoutOnProgress,
                    Optional.ofNullable(maxTotalTimeout), onListChanged, onConnectionLost, onTaskStatus));
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
}
