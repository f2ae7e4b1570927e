package io.mcphost.host.internal.supervision;

import io.mcphost.client.CallOptions;
import io.mcphost.client.LoadedSkill;
import io.mcphost.client.McpClient;
import io.mcphost.host.HostEvent;
import io.mcphost.host.HostInterceptor;
import io.mcphost.host.HostPrompt;
import io.mcphost.host.HostSkill;
import io.mcphost.host.HostTool;
import io.mcphost.host.Invocation;
import io.mcphost.host.PromptInvocation;
import io.mcphost.host.ResourceInvocation;
import io.mcphost.host.ToolInvocation;
import io.mcphost.protocol.McpNotFoundException;
import io.mcphost.protocol.ServerUnavailableException;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.tools.CallToolResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The host's routed operations: resolve the exposed name in the catalog, pick the server's live
 * client, run the one interceptor chain, and send. Tool calls also report Started/Finished/Failed
 * events with one call id and progress events. Thread-safe; each operation blocks its caller for the
 * interceptors' time plus at most its deadline (plus the reconnect wait, when the host waits).
 */
public final class Routing {
    private final HostSettings settings;
    private final EventBus events;
    private final CatalogState catalog;
    private final Function<String, Optional<ManagedServer>> servers;
    /** The chain: the host's approval (if set) first, then the application's interceptors. */
    private final List<HostInterceptor> interceptors;
    private final AtomicLong callIds = new AtomicLong();

    public Routing(HostSettings settings, EventBus events, CatalogState catalog,
                   Function<String, Optional<ManagedServer>> servers) {
        this.settings = settings;
        this.events = events;
        this.catalog = catalog;
        this.servers = servers;
        List<HostInterceptor> chain = new ArrayList<>();
        settings.approval().ifPresent(approval -> chain.add(
                new ApprovalInterceptor(approval, server -> servers.apply(server).map(s -> s.spec().autoApproved()))));
        chain.addAll(settings.interceptors());
        this.interceptors = List.copyOf(chain);
    }

    /** See {@link io.mcphost.host.McpHost#callTool(String, JsonNode, CallOptions)}. */
    public CallToolResult callTool(String name, JsonNode arguments, CallOptions options) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(options, "options");
        if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
            throw new IllegalArgumentException("tool arguments must be a JSON object, got " + arguments.getNodeType());
        }
        HostTool tool = resolveTool(name);
        ManagedServer server = servers.apply(tool.server())
                .orElseThrow(() -> new McpNotFoundException("tool '" + name + "': its server was removed", null));
        McpClient client = server.readyClient(waitForReconnect(options));
        long callId = callIds.incrementAndGet();
        JsonNode args = arguments == null || arguments.isNull() ? JsonNodeFactory.instance.objectNode() : arguments;
        ToolInvocation first = new ToolInvocation(callId, name, tool.server(), tool.originalName(), args, options);
        Instant started = Instant.now();
        events.emit(new HostEvent.ToolCallStarted(started, tool.server(), callId, name, tool.originalName()));
        try {
            CallToolResult result = InterceptorChain.run(interceptors, first,
                    next -> client.callTool(next.target(), ((ToolInvocation) next).arguments(), withProgressEvents(next)));
            events.emit(new HostEvent.ToolCallFinished(Instant.now(), tool.server(), callId,
                    Duration.between(started, Instant.now()), result.isError()));
            return result;
        } catch (RuntimeException | Error e) {
            events.emit(new HostEvent.ToolCallFailed(Instant.now(), tool.server(), callId,
                    Duration.between(started, Instant.now()), e));
            throw e;
        }
    }

    /** See {@link io.mcphost.host.McpHost#getPrompt}. */
    public GetPromptResult getPrompt(String name, Map<String, String> arguments, CallOptions options) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(options, "options");
        HostPrompt prompt = catalog.current().prompt(name)
                .or(() -> catalog.everKnown().prompt(name))
                .orElseThrow(() -> new McpNotFoundException("no available prompt is named '" + name + "'",
                        catalog.current().suggestPrompt(name).orElse(null)));
        McpClient client = liveClient(prompt.server(), options);
        PromptInvocation first = new PromptInvocation(callIds.incrementAndGet(), name, prompt.server(), prompt.originalName(),
                arguments == null ? Map.of() : arguments, options);
        return InterceptorChain.run(interceptors, first,
                next -> client.getPrompt(next.target(), ((PromptInvocation) next).arguments(), next.options()));
    }

    /** See {@link io.mcphost.host.McpHost#readResource}. */
    public ReadResourceResult readResource(String uri, CallOptions options) {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(options, "options");
        String server = catalog.current().serverForUri(uri)
                .or(() -> catalog.everKnown().serverForUri(uri))
                .orElseThrow(() -> new McpNotFoundException("no available server offers resource '" + uri + "'", null));
        McpClient client = liveClient(server, options);
        ResourceInvocation first = new ResourceInvocation(callIds.incrementAndGet(), server, uri, options);
        return InterceptorChain.run(interceptors, first, next -> client.readResource(next.target(), next.options()));
    }

    /**
     * See {@link io.mcphost.host.McpHost#loadSkill}. Resolved by exposed name to (server, entry) and loaded
     * through that server's client, so the files come from the server that listed the entry, whatever other
     * server lists the same URI. Not an interceptor operation: {@link io.mcphost.host.Invocation} is a closed set
     * of the routed MCP methods, and a load is several reads the client verifies as one.
     */
    public LoadedSkill loadSkill(String name) {
        Objects.requireNonNull(name, "name");
        HostSkill skill = catalog.current().skill(name)
                .or(() -> catalog.everKnown().skill(name))
                .orElseThrow(() -> new McpNotFoundException("no available skill is named '" + name + "'",
                        catalog.current().suggestSkill(name).orElse(null)));
        return liveClient(skill.server(), CallOptions.defaults()).skills().load(skill.skill());
    }

    private McpClient liveClient(String server, CallOptions options) {
        return servers.apply(server).orElseThrow(() -> new ServerUnavailableException(server, "removed"))
                .readyClient(waitForReconnect(options));
    }

    private Duration waitForReconnect(CallOptions options) {
        return settings.callsWaitForReconnect() ? options.requestTimeout().orElse(settings.requestTimeout()) : Duration.ZERO;
    }

    /** The catalog entry of {@code name}, or the reason there is none. */
    private HostTool resolveTool(String name) {
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

    /** Progress goes to the host's listeners as well as the caller's callback, under the call's id. */
    private CallOptions withProgressEvents(Invocation<?> next) {
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
