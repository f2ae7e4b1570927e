package io.mcphost.host;

import io.mcphost.client.CallOptions;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.prompts.GetPromptResult;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One routed {@code prompts/get}, as interceptors see it. Immutable.
 *
 * <p>{@code options} (deadline, progress, {@code _meta}) apply to the request as they do to a tool call.
 *
 * @param callId     unique per host
 * @param name       the name the caller used (as exposed in the catalog)
 * @param server     the server it is routed to
 * @param promptName the prompt's own name on that server
 * @param arguments  the prompt's arguments (never null; empty for none)
 * @param options    options of the operation
 */
public record PromptInvocation(long callId, String name, String server, String promptName,
                               Map<String, String> arguments, CallOptions options) implements Invocation<GetPromptResult> {
    public PromptInvocation {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(promptName, "promptName");
        // A copy that keeps order and tolerates null values, as the caller's map reached the client before.
        arguments = Collections.unmodifiableMap(new LinkedHashMap<>(arguments));
        Objects.requireNonNull(options, "options");
    }

    /** The same operation with other arguments. */
    public PromptInvocation withArguments(Map<String, String> newArguments) {
        return new PromptInvocation(callId, name, server, promptName, newArguments, options);
    }

    @Override
    public String method() {
        return McpMethod.PROMPTS_GET;
    }

    @Override
    public String target() {
        return promptName;
    }

    @Override
    public Class<GetPromptResult> resultType() {
        return GetPromptResult.class;
    }
}
