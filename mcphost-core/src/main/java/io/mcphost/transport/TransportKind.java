package io.mcphost.transport;

/**
 * A transport capability that names how messages travel, for what a tracer or a status page shows
 * ({@code network.transport}: a pipe for stdio, TCP for HTTP, nothing for an in-process pair).
 * {@code transport.capability(TransportKind.class)} answers it; empty means a transport the
 * application wrote ({@link #OTHER}).
 *
 * <p>Offered by {@link io.mcphost.transport.stdio.StdioTransport} ({@link #STDIO}),
 * {@link io.mcphost.transport.http.HttpTransport} ({@link #HTTP}) and
 * {@link io.mcphost.transport.memory.MemoryTransport} ({@link #MEMORY}); passed on unchanged by
 * {@link ForwardingTransport}, so a wrapped transport keeps its kind. Immutable.
 */
public enum TransportKind {
    /** A child process's stdin and stdout. */
    STDIO,
    /** Streamable HTTP or the legacy HTTP+SSE transport. */
    HTTP,
    /** An in-process pair. */
    MEMORY,
    /** A transport the application wrote, which names no kind. */
    OTHER
}
