package io.mcphost.client;

import io.mcphost.protocol.Era;
import io.mcphost.client.internal.Blocking;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.completion.CompleteRequestParams;
import io.mcphost.protocol.completion.CompleteResult;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.lifecycle.ServerCapabilities;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.protocol.resources.ResourceUpdatedNotificationParams;
import io.mcphost.protocol.roots.Root;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.transport.Transport;
import io.mcphost.transport.stdio.StdioTransport;
import io.mcphost.protocol.modern.InputRound;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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
 * client's {@linkplain McpClientBuilder#requestTimeout request timeout} unless the call's {@link CallOptions}
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
    static McpClientBuilder builder(Transport transport) {
        return new McpClientBuilder(transport);
    }

    /**
     * A builder for a client of a local server started as a child process: {@code command} and {@code args}
     * are executed directly, never through a shell, with an allowlisted environment. Nothing starts yet.
     */
    static McpClientBuilder stdio(String command, String... args) {
        StdioTransport transport = StdioTransport.builder(command, args).build();
        // Named after the program (npx, uvx, ...), not the whole command line, in logs and errors.
        return new McpClientBuilder(transport).name(java.nio.file.Path.of(command).getFileName().toString());
    }

    /**
     * A builder for a client of a remote server at {@code url}: Streamable HTTP, falling back to legacy HTTP+SSE
     * when the server speaks only that. For headers, tokens and other HTTP settings, build an
     * {@link io.mcphost.transport.http.HttpTransport} and use {@link #builder(Transport)}.
     *
     * @throws IllegalArgumentException if {@code url} is not an http(s) URL
     */
    static McpClientBuilder http(String url) {
        io.mcphost.transport.http.HttpTransport transport = io.mcphost.transport.http.HttpTransport.builder(url).build();
        return new McpClientBuilder(transport);
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
     * timeout. Called at most once; {@link McpClientBuilder#connect()} calls it for you.
     *
     * @throws io.mcphost.protocol.McpProtocolException if the server insists on a revision McpHost does not speak
     * @throws io.mcphost.protocol.McpTransportException if the server cannot be started or reached
     * @throws io.mcphost.protocol.McpTimeoutException if the handshake does not finish in time
     * @throws IllegalStateException if the client is not {@link ClientState#CREATED}
     */
    void connect();

    /** The negotiated protocol revision. Never blocks. @throws IllegalStateException before the handshake */
    ProtocolVersion protocolVersion();

    /**
     * The era the server speaks: {@link Era#MODERN} (revision 2026-07-28, stateless, no handshake) or
     * {@link Era#LEGACY} (an {@code initialize} handshake). Detected when connecting unless pinned
     * with {@link McpClientBuilder#era(Era)}; the application code is the same for both. Never blocks.
     *
     * @throws IllegalStateException before the client connected
     */
    Era era();

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

    /**
     * {@link #callTool(String, JsonNode)} with the arguments as plain Java values: a {@code Map} (values may
     * be strings, numbers, booleans, lists, maps, records), a record, or a bean with getters, converted to a
     * JSON object by the library's codec (the one the wire uses, so a record's components become its
     * properties and an empty {@code Optional} component is left out). A {@link JsonNode} object is sent as
     * it is. The conversion happens on the calling thread, before anything is sent.
     *
     * <p>Named apart from {@code callTool} on purpose: an {@code Object} overload beside
     * {@code callTool(String, JsonNode)} would silently take a tree whose static type is {@code Object}
     * down another path, and a {@code Map} overload would make {@code callTool(name, null)} ambiguous.
     * A record in a named module must be {@code opens} to {@code tools.jackson.databind} to be read.
     * Blocks and throws as {@link #callTool(String, JsonNode, CallOptions)} does.
     *
     * @param arguments the arguments; null for none
     * @throws io.mcphost.protocol.McpInvalidArgumentsException if they cannot be converted to JSON or are
     *         not a JSON object (a string, a number, a list), before anything is sent
     */
    default CallToolResult callToolWith(String name, Object arguments) {
        return callToolWith(name, arguments, CallOptions.defaults());
    }

    /**
     * {@link #callToolWith(String, Object)} with the call's own deadline, progress listener and {@code _meta}.
     *
     * @throws io.mcphost.protocol.McpInvalidArgumentsException as {@link #callToolWith(String, Object)}
     */
    default CallToolResult callToolWith(String name, Object arguments, CallOptions options) {
        return callTool(name, io.mcphost.client.internal.ToolArgumentsConversion.toObject(name(), name, arguments), options);
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
     * @throws IllegalStateException if roots were not enabled with {@link McpClientBuilder#roots(List)}: the
     *         capability is settled in the handshake, so it cannot be switched on later
     * @throws IllegalArgumentException if a root is not a {@code file://} URI
     */
    void setRoots(List<Root> roots);

    /**
     * Subscribes {@code listener} to changes of the resource at {@code uri}: the server's
     * {@code notifications/resources/updated} for the URI, or for a sub-resource under it
     * ({@code uri} + {@code /}, {@code ?} or {@code #} ...), reach the listener on the client's
     * notification thread, in arrival order (it must return quickly; an exception it throws is
     * logged). {@link McpClientBuilder#onNotification} still receives them too. The first subscription to a
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

    /**
     * Finishes an {@code input_required} round (revision 2026-07-28) the application took over
     * ({@link CallOptions.Builder#takeOverInput}) or that no handler could answer: sends the round's
     * original request again with {@code responses} (keyed like the round's input requests, each the
     * result of that request: an {@code ElicitResult}, {@code CreateMessageResult} or
     * {@code ListRootsResult} as JSON) and the round's {@code requestState}. The round may come from
     * another client or process ({@link InputRound#fromJson}). A further round is answered by this
     * client's handlers, or fails with {@link io.mcphost.protocol.McpInputRequiredException} again
     * when {@code options} take rounds over. Blocks at most the options' timeout; returns the raw
     * result (decode a tool call's with {@code Json.treeToValue(result, CallToolResult.class)}).
     *
     * @throws IllegalArgumentException if {@code responses} names a key the round does not ask for
     */
    default JsonNode resumeInput(InputRound round, Map<String, JsonNode> responses, CallOptions options) {
        return Blocking.await(name(), resumeInputAsync(round, responses, options));
    }

    /** {@link #resumeInput(InputRound, Map, CallOptions)} with the default options. */
    default JsonNode resumeInput(InputRound round, Map<String, JsonNode> responses) {
        return resumeInput(round, responses, CallOptions.defaults());
    }

    /** {@link #resumeInput(InputRound, Map, CallOptions)} without blocking. */
    CompletableFuture<JsonNode> resumeInputAsync(InputRound round, Map<String, JsonNode> responses, CallOptions options);

    /** The experimental tasks of 2025-11-25: tool calls as tasks and requests about a task id. Never blocks. */
    ClientTasks tasks();

    /**
     * The Skills extension ({@code io.modelcontextprotocol/skills}): the server's skills, and loading one
     * with every file verified against its entry. Never blocks; nothing is fetched until asked.
     */
    ClientSkills skills();

    /**
     * Closes the connection within {@code budget}: pending calls fail at once with
     * {@link io.mcphost.protocol.McpClosedException}, then the transport is closed (for a child
     * process: stdin closed, SIGTERM, SIGKILL of the whole process tree). Idempotent. Over a
     * {@linkplain io.mcphost.transport.Reopenable re-openable} transport (HTTP), the next call after close
     * re-opens the connection and runs the handshake again; over others it fails with
     * {@link io.mcphost.protocol.McpClosedException}.
     */
    void close(Duration budget);

    /** Closes within the configured close timeout; blocks at most that long. */
    @Override
    void close();
}
