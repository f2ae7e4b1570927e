package io.mcphost.host.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.client.McpClient;
import io.mcphost.host.HostEvent;
import io.mcphost.host.HostTool;
import io.mcphost.host.ToolCallInterceptor;
import io.mcphost.host.ToolInvocation;
import io.mcphost.protocol.McpNotFoundException;
import io.mcphost.protocol.tools.CallToolResult;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The host's tool-call pipeline: resolve the exposed name in the catalog, pick the server's live client,
 * run the interceptors in order, call, and report Started/Finished/Failed events with one call id.
 */
public final class ToolCalls {
    private final HostSettings settings;
    private final EventBus events;
    private final CatalogState catalog;
    private final Function<String, Optional<ManagedServer>> servers;
    private final AtomicLong callIds = new AtomicLong();

    public ToolCalls(HostSettings settings, EventBus events, CatalogState catalog,
                     Function<String, Optional<ManagedServer>> servers) {
        this.settings = settings;
        this.events = events;
        this.catalog = catalog;
        this.servers = servers;
    }

    public CallToolResult call(String name, JsonNode arguments, CallOptions options) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(options, "options");
        if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
            throw new IllegalArgumentException("tool arguments must be a JSON object, got " + arguments.getNodeType());
        }
        HostTool tool = resolve(name);
        ManagedServer server = servers.apply(tool.server())
                .orElseThrow(() -> new McpNotFoundException("tool '" + name + "': its server was removed", null));
        McpClient client = server.readyClient(waitForReconnect(options));
        long callId = callIds.incrementAndGet();
        JsonNode args = arguments == null || arguments.isNull() ? JsonNodeFactory.instance.objectNode() : arguments;
        ToolInvocation first = new ToolInvocation(callId, name, tool.server(), tool.originalName(), args, options);
        Instant started = Instant.now();
        events.emit(new HostEvent.ToolCallStarted(started, tool.server(), callId, name, tool.originalName()));
        try {
            CallToolResult result = new Step(0, first, client).proceed(first);
            events.emit(new HostEvent.ToolCallFinished(Instant.now(), tool.server(), callId,
                    Duration.between(started, Instant.now()), result.isError()));
            return result;
        } catch (RuntimeException | Error e) {
            events.emit(new HostEvent.ToolCallFailed(Instant.now(), tool.server(), callId,
                    Duration.between(started, Instant.now()), e));
            throw e;
        }
    }

    private Duration waitForReconnect(CallOptions options) {
        return settings.callsWaitForReconnect() ? options.requestTimeout().orElse(settings.requestTimeout()) : Duration.ZERO;
    }

    /** The catalog entry of {@code name}, or the reason there is none. */
    private HostTool resolve(String name) {
        var current = catalog.current();
        Optional<HostTool> tool = current.tool(name);
        if (tool.isPresent()) {
            return tool.get();
        }
        Optional<HostTool> known = catalog.everKnown().tool(name);
        if (known.isPresent()) {
            // Its server is down: the server says why, and a waiting call may still succeed.
            return known.get();
        }
        throw new McpNotFoundException("no available tool is named '" + name + "'", current.suggest(name).orElse(null));
    }

    /** One position in the interceptor chain; {@code index == interceptors.size()} is the server. */
    private final class Step implements ToolCallInterceptor.Chain {
        private final int index;
        private final ToolInvocation call;
        private final McpClient client;
        private boolean proceeded;

        Step(int index, ToolInvocation call, McpClient client) {
            this.index = index;
            this.call = call;
            this.client = client;
        }

        @Override
        public ToolInvocation call() {
            return call;
        }

        @Override
        public CallToolResult proceed(ToolInvocation next) {
            Objects.requireNonNull(next, "an interceptor passed a null call to proceed()");
            List<ToolCallInterceptor> interceptors = settings.interceptors();
            String by = index == 0 ? "the host" : "interceptor #" + index + " (" + interceptors.get(index - 1).getClass().getName() + ")";
            if (proceeded) {
                throw new IllegalStateException(by + " called proceed() more than once for call " + call.callId());
            }
            proceeded = true;
            if (next.callId() != call.callId() || !next.server().equals(call.server()) || !next.toolName().equals(call.toolName())) {
                throw new IllegalStateException(by + " changed the call's callId, server or toolName; an interceptor may"
                        + " change what is sent, never where");
            }
            if (index == interceptors.size()) {
                return client.callTool(next.toolName(), next.arguments(), withProgressEvents(next));
            }
            ToolCallInterceptor interceptor = interceptors.get(index);
            CallToolResult result = interceptor.intercept(new Step(index + 1, next, client));
            if (result == null) {
                throw new IllegalStateException("interceptor #" + (index + 1) + " (" + interceptor.getClass().getName()
                        + ") returned null; return a CallToolResult (CallToolResult.error(...) to refuse a call)");
            }
            return result;
        }

        private CallOptions withProgressEvents(ToolInvocation next) {
            CallOptions options = next.options();
            var userProgress = options.onProgress();
            if (userProgress.isEmpty() && !events.hasListeners()) {
                return options; // no one to tell: don't ask the server for progress
            }
            return options.toBuilder().onProgress(progress -> {
                events.emit(new HostEvent.CallProgress(Instant.now(), next.server(), next.callId(), progress));
                userProgress.ifPresent(listener -> listener.accept(progress));
            }).build();
        }
    }

}
