package io.mcphost.gateway.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.client.McpClient;
import io.mcphost.host.HostPrompt;
import io.mcphost.host.HostResourceTemplate;
import io.mcphost.host.HostTool;
import io.mcphost.host.McpHost;
import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.McpCancelledException;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.McpNotFoundException;
import io.mcphost.protocol.completion.CompleteRequestParams;
import io.mcphost.protocol.completion.CompleteResult;
import io.mcphost.protocol.completion.PromptReference;
import io.mcphost.protocol.completion.ResourceTemplateReference;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.server.ClientInput;
import io.mcphost.server.ErrorReply;
import io.mcphost.server.ServerRequestObserver;
import io.mcphost.server.ToolCall;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.function.Function;

/**
 * The handlers behind every entry of the gateway's offer: each forwards one downstream request
 * through the {@link McpHost}, which routes it to the upstream server (and applies its filters,
 * interceptors and approval). What the upstream answers comes back unchanged ({@code isError},
 * {@code _meta}, content); an upstream's JSON-RPC error is passed on as that error. Thread-safe;
 * every method blocks for the upstream call on the downstream request's own virtual thread.
 */
public final class Forwarding {
    private final McpHost host;
    /** Counts tool calls, prompt gets and resource reads when the gateway keeps metrics. */
    private final Optional<GatewayMetrics> metrics;
    /** The gateway's request observer (tracing): with one, the downstream trace context is not copied upstream (the host's tracer writes its own). */
    private final Optional<ServerRequestObserver> observer;

    private static final String OK = "ok";
    private static final String TOOL_ERROR = "tool_error";
    private static final String ERROR = "error";
    private static final String UNKNOWN = "unknown";
    private static final String UNLISTED = "unlisted";

    public Forwarding(McpHost host, Optional<GatewayMetrics> metrics, Optional<ServerRequestObserver> observer) {
        this.host = Objects.requireNonNull(host, "host");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
        this.observer = Objects.requireNonNull(observer, "observer");
    }

    /** {@code tools/call} of the exposed tool {@code name}, which runs as no task. */
    public CallToolResult callTool(String name, ToolCall call) throws InterruptedException {
        return callTool(name, false, call);
    }

    /**
     * {@code tools/call} of the exposed tool {@code name}; when {@code mayRunAsTask} (the tool is listed
     * with {@code execution.taskSupport}), a 2026-07-28 request that declared the tasks extension
     * becomes a task ({@link TaskRelay}).
     */
    public CallToolResult callTool(String name, boolean mayRunAsTask, ToolCall call) throws InterruptedException {
        return measured("tool", () -> host.catalog().tool(name).map(HostTool::server), name,
                result -> result.isError() ? TOOL_ERROR : OK, () -> forwardTool(name, mayRunAsTask, call));
    }

    private CallToolResult forwardTool(String name, boolean mayRunAsTask, ToolCall call) throws InterruptedException {
        CallOptions.Builder options = Upstream.forTool(call, observer.isPresent());
        if (mayRunAsTask) {
            // A task lives longer than a request: the upstream's request timeout must not end it.
            options.timeout(TaskRelay.UPSTREAM_TIMEOUT);
            TaskRelay.startAsTask(call); // before the upstream can ask anything: see TaskRelay
        }
        // The upstream call runs on this (the downstream request's) thread: waiting for it on another would
        // cost two thread hand-offs per call. It is called off by interrupting this thread, which blocks in
        // the host's call (that cancels it upstream): when the upstream asks a question that needs a new
        // input round (the relay), or when the downstream request is cancelled (the watch).
        // Both interrupt through the watch, whose closing clears an interrupt the call did not consume.
        try (CancelWatch.Watched watch = CancelWatch.watch(call::isCancelled)) {
            InputRelay relay = InputRelay.attach(options, call, watch::callOff);
            try {
                CallToolResult result = host.callTool(name, call.arguments(), options.build());
                if (relay.unwinding() != null) {
                    throw relay.unwinding(); // an answer came anyway, but the downstream request is in another round
                }
                return result;
            } catch (RuntimeException e) {
                if (relay.unwinding() != null) {
                    throw relay.unwinding(); // the upstream call was called off for it
                }
                if (watch.fired()) {
                    throw new CancellationException("the downstream request was cancelled");
                }
                if (e instanceof McpCancelledException && Thread.interrupted()) {
                    // Someone else interrupted this thread (the server is stopping): what waiting would have thrown.
                    InterruptedException interrupted = new InterruptedException(e.getMessage());
                    interrupted.initCause(e);
                    throw interrupted;
                }
                throw e;
            }
        } catch (McpNotFoundException gone) {
            // Listed a moment ago, gone now (its server went away): the spec's wording for an unknown tool.
            throw new ErrorReply(JsonRpcError.of(JsonRpcError.INVALID_PARAMS, "Unknown tool: " + name));
        } catch (McpError upstreamError) {
            throw new ErrorReply(upstreamError.error());
        }
    }

    /**
     * {@code prompts/get} of the exposed prompt {@code name}; the upstream's questions and log messages
     * for it go to the downstream request ({@code input}).
     */
    public GetPromptResult getPrompt(String name, Map<String, String> arguments, ClientInput input) {
        return measured("prompt", () -> host.catalog().prompt(name).map(HostPrompt::server), name, result -> OK,
                () -> forwardPrompt(name, arguments, input));
    }

    private GetPromptResult forwardPrompt(String name, Map<String, String> arguments, ClientInput input) {
        try {
            return relayingTo(input, options -> host.getPrompt(name, arguments, options));
        } catch (McpNotFoundException gone) {
            throw new ErrorReply(JsonRpcError.of(JsonRpcError.INVALID_PARAMS, "Unknown prompt: " + name));
        } catch (McpError upstreamError) {
            throw new ErrorReply(upstreamError.error());
        }
    }

    /**
     * {@code resources/read}: the host finds the server by the URI (listed, or matched by a template);
     * the upstream's questions and log messages for it go to the downstream request ({@code input}).
     */
    public ReadResourceResult readResource(String uri, ClientInput input) {
        // A listed URI is a name the upstream chose, like a tool's; a templated one could be anything.
        String name = metrics.isPresent() && host.catalog().resources().stream().anyMatch(r -> r.resource().uri().equals(uri))
                ? uri : UNLISTED;
        return measured("resource", () -> host.serverForUri(uri), name, result -> OK, () -> forwardRead(uri, input));
    }

    private ReadResourceResult forwardRead(String uri, ClientInput input) {
        try {
            return relayingTo(input, options -> host.readResource(uri, options));
        } catch (McpError upstreamError) {
            throw new ErrorReply(upstreamError.error()); // -32002 is told in the downstream request's era by the toolkit
        }
    }

    /** One forwarded request, which may throw what the downstream handler may. */
    @FunctionalInterface
    private interface Forward<T, E extends Exception> {
        T run() throws E;
    }

    /**
     * Runs {@code forward}; when the gateway keeps metrics, counts it by its upstream {@code server} (looked up
     * only then), {@code kind}, {@code name} and outcome ({@code outcomeOf} its result, else an error) and
     * times it.
     */
    private <T, E extends Exception> T measured(String kind, java.util.function.Supplier<Optional<String>> server,
                                                String name, Function<T, String> outcomeOf, Forward<T, E> forward) throws E {
        if (metrics.isEmpty()) {
            return forward.run();
        }
        String upstream = server.get().orElse(UNKNOWN);
        long start = System.nanoTime();
        String outcome = ERROR;
        try {
            T result = forward.run();
            outcome = outcomeOf.apply(result);
            return result;
        } finally {
            metrics.get().observe(kind, upstream, name, outcome, System.nanoTime() - start);
        }
    }

    /**
     * Makes an upstream call whose questions and log messages go to the downstream request, and unwinds
     * the downstream request when a question needs a new input round (2026-07-28 downstream).
     */
    private <T> T relayingTo(ClientInput input, Function<CallOptions, T> upstreamCall) {
        CallOptions.Builder options = Upstream.forRequest(input);
        // Called off by interrupting this thread, which blocks in the host's call (that cancels it upstream).
        Thread caller = Thread.currentThread();
        InputRelay relay = InputRelay.attach(options, input, caller::interrupt);
        try {
            return upstreamCall.apply(options.build());
        } catch (RuntimeException e) {
            if (relay.unwinding() != null) {
                Thread.interrupted(); // the interrupt was ours, to call the upstream off
                throw relay.unwinding();
            }
            throw e;
        }
    }

    /**
     * {@code completion/complete}: a prompt's reference is renamed to the upstream's own name; a
     * template's goes to the server that offers the template.
     */
    public CompleteResult complete(CompleteRequestParams request) {
        try {
            return completeUpstream(request);
        } catch (McpError upstreamError) {
            throw new ErrorReply(upstreamError.error());
        }
    }

    private CompleteResult completeUpstream(CompleteRequestParams request) {
        return switch (request.ref()) {
            case PromptReference prompt -> {
                HostPrompt found = host.catalog().prompt(prompt.name()).orElseThrow(() -> new ErrorReply(
                        JsonRpcError.of(JsonRpcError.INVALID_PARAMS, "Unknown prompt: " + prompt.name())));
                yield upstream(found.server()).complete(new CompleteRequestParams(
                        new PromptReference(found.originalName(), prompt.title()), request.argument(), request.context(),
                        request.meta()));
            }
            case ResourceTemplateReference template -> {
                HostResourceTemplate found = host.resourceTemplates().stream()
                        .filter(t -> t.uriTemplate().equals(template.uri())).findFirst()
                        .orElseThrow(() -> new ErrorReply(JsonRpcError.of(
                                JsonRpcError.INVALID_PARAMS, "Unknown resource template: " + template.uri())));
                yield upstream(found.server()).complete(request);
            }
        };
    }

    private McpClient upstream(String server) {
        return host.client(server).orElseThrow(() -> new ErrorReply(
                JsonRpcError.of(JsonRpcError.INTERNAL_ERROR, "server '" + server + "' is not available")));
    }
}
