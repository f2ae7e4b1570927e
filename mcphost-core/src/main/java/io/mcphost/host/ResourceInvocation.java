package io.mcphost.host;

import io.mcphost.client.CallOptions;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.resources.ReadResourceResult;
import java.util.Objects;

/**
 * One routed {@code resources/read}, as interceptors see it. Immutable; {@code options} (deadline,
 * progress, {@code _meta}) apply to the request as they do to a tool call.
 *
 * @param callId  unique per host
 * @param server  the server that lists the resource, or whose resource template matches it
 * @param uri     the resource's URI
 * @param options options of the operation
 */
public record ResourceInvocation(long callId, String server, String uri, CallOptions options)
        implements Invocation<ReadResourceResult> {
    public ResourceInvocation {
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(options, "options");
    }

    @Override
    public String method() {
        return McpMethod.RESOURCES_READ;
    }

    @Override
    public String target() {
        return uri;
    }

    @Override
    public Class<ReadResourceResult> resultType() {
        return ReadResourceResult.class;
    }
}
