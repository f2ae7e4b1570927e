package io.mcphost.host;

import io.mcphost.client.CallOptions;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.tools.CallToolResult;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * One routed {@code tools/call} as interceptors see it: immutable; an interceptor that wants to change the
 * arguments or options passes a changed copy to {@link ToolCallInterceptor.Chain#proceed}.
 *
 * @param callId    unique per host, shared with the call's {@link HostEvent}s
 * @param name      the name the caller used (as exposed in the catalog, e.g. {@code github__create_issue})
 * @param server    the server the call is routed to
 * @param toolName  the tool's own name on that server
 * @param arguments the arguments object (never null; an empty object for none)
 * @param options   deadline, progress callback and {@code _meta} of the call
 */
public record ToolInvocation(long callId, String name, String server, String toolName, JsonNode arguments,
                             CallOptions options) implements Invocation<CallToolResult> {
    public ToolInvocation {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(toolName, "toolName");
        Objects.requireNonNull(arguments, "arguments");
        Objects.requireNonNull(options, "options");
    }

    /** The same call with other arguments (must be a JSON object). */
    public ToolInvocation withArguments(JsonNode newArguments) {
        Objects.requireNonNull(newArguments, "newArguments");
        if (!newArguments.isObject()) {
            throw new IllegalArgumentException("tool arguments must be a JSON object, got " + newArguments.getNodeType());
        }
        return new ToolInvocation(callId, name, server, toolName, newArguments, options);
    }

    @Override
    public String method() {
        return McpMethod.TOOLS_CALL;
    }

    @Override
    public String target() {
        return toolName;
    }

    @Override
    public Class<CallToolResult> resultType() {
        return CallToolResult.class;
    }

    /** The same call with other options (deadline, progress, {@code _meta}). */
    public ToolInvocation withOptions(CallOptions newOptions) {
        return new ToolInvocation(callId, name, server, toolName, arguments, newOptions);
    }
}
