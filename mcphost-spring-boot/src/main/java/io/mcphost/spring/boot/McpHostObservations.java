package io.mcphost.spring.boot;

import io.micrometer.common.KeyValues;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.mcphost.host.HostInterceptor;
import io.mcphost.host.Invocation;
import io.mcphost.host.PromptInvocation;
import io.mcphost.host.ResourceInvocation;
import io.mcphost.host.ToolInvocation;
import io.mcphost.protocol.tools.CallToolResult;

/**
 * Every operation the host routes (tool calls, prompt gets, resource reads) as a Micrometer
 * {@link Observation} named {@value #NAME}, so the application's metrics (a timer per method, server and
 * tool) and traces (a span per call) see them without the OpenTelemetry module. Key values follow
 * OpenTelemetry's MCP conventions where they have one: {@code mcp.method.name}, {@code gen_ai.tool.name},
 * {@code gen_ai.prompt.name}, {@code error.type} ({@code tool_error} for a result with {@code isError}, else
 * the exception's class); {@code mcphost.server} names the server. A resource's URI is a high-cardinality
 * key (spans only). Arguments and results are never recorded. Thread-safe; adds no blocking.
 */
public final class McpHostObservations implements HostInterceptor {
    /** The observation's name: the timer {@code mcp.client.operation} and its spans. */
    public static final String NAME = "mcp.client.operation";

    private final ObservationRegistry registry;

    /** Observes through {@code registry}. */
    public McpHostObservations(ObservationRegistry registry) {
        this.registry = registry;
    }

    @Override
    public <R> R intercept(Chain<R> chain) {
        Invocation<R> invocation = chain.invocation();
        String method = switch (invocation) {
            case ToolInvocation t -> "tools/call";
            case PromptInvocation p -> "prompts/get";
            case ResourceInvocation r -> "resources/read";
        };
        KeyValues low = KeyValues.of("mcp.method.name", method, "mcphost.server", invocation.server());
        KeyValues high = KeyValues.empty();
        switch (invocation) {
            case ToolInvocation t -> low = low.and("gen_ai.tool.name", t.name());
            case PromptInvocation p -> low = low.and("gen_ai.prompt.name", invocation.target());
            case ResourceInvocation r -> high = high.and("mcp.resource.uri", invocation.target());
        }
        Observation observation = Observation.createNotStarted(NAME, registry)
                .contextualName(method + " " + invocation.target())
                .lowCardinalityKeyValues(low)
                .highCardinalityKeyValues(high)
                .start();
        try (Observation.Scope scope = observation.openScope()) {
            R result = chain.proceed(invocation);
            if (result instanceof CallToolResult call && call.isError()) {
                observation.lowCardinalityKeyValue("error.type", "tool_error");
            }
            return result;
        } catch (RuntimeException | Error e) {
            observation.lowCardinalityKeyValue("error.type", e.getClass().getSimpleName());
            observation.error(e);
            throw e;
        } finally {
            observation.stop();
        }
    }
}
