package io.mcphost.host;

import io.mcphost.client.CallOptions;

/**
 * One operation the host routes to a server, as {@link HostInterceptor}s see it: a tool call, a
 * prompt get or a resource read. A closed set, immutable; {@code R} is the operation's result type,
 * so an interceptor that refuses an operation returns a result of the right type
 * ({@code invocation.resultType().cast(...)}) or throws.
 *
 * @param <R> the result the server's answer is decoded to
 */
public sealed interface Invocation<R> permits ToolInvocation, PromptInvocation, ResourceInvocation {
    /** Unique per host, shared with the operation's {@link HostEvent}s. */
    long callId();

    /** The server the operation is routed to. */
    String server();

    /** The MCP method it sends, e.g. {@code tools/call}, {@code prompts/get}, {@code resources/read}. */
    String method();

    /** What it addresses on that server: the tool's or prompt's own name, or the resource's URI. */
    String target();

    /** Deadline, progress callback and {@code _meta} of the operation. */
    CallOptions options();

    /** The type of the result, for interceptors that answer an operation themselves. */
    Class<R> resultType();
}
