package io.mcphost.host;

import io.mcphost.client.ListKind;
import io.mcphost.client.Progress;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.logging.LoggingMessageNotificationParams;
import io.mcphost.protocol.tools.Tool;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;

/**
 * Something that happened in an {@link McpHost}, delivered to the listeners given to
 * {@link McpHostBuilder#onEvent}. A closed set: switch over it without a default and the compiler
 * names every kind a new release adds.
 *
 * <p>Contract: listeners run on the thread that raised the event (a caller's thread for tool calls,
 * a host thread for lifecycle and catalog events, the client's notification thread for logs and
 * progress), must return quickly and must not call back into the host from a lifecycle event. A
 * listener that throws is logged and skipped; it never breaks a call. Every {@link ToolCallStarted}
 * is followed by exactly one {@link ToolCallFinished} or {@link ToolCallFailed} with the same
 * {@code callId}.
 */
public sealed interface HostEvent {
    /** When it happened. */
    Instant at();

    /** The server it concerns; empty for a call that was refused before a server was chosen. */
    String server();

    /** The server is being started (first start, restart, or a reconnect attempt). */
    record ServerStarting(Instant at, String server, int attempt) implements HostEvent { }

    /** The server completed its handshake and listing; its entries are in the catalog. */
    record ServerReady(Instant at, String server, Duration took, int toolCount) implements HostEvent { }

    /** The server could not be started, or lost its connection; {@code willRetry} says whether a reconnect follows. */
    record ServerFailed(Instant at, String server, McpException cause, boolean willRetry) implements HostEvent { }

    /**
     * The server's OAuth flow needs a user: {@code url} is where they authorise the host (already
     * checked: https, or http on this machine; nothing a shell would interpret). Show it, or open it
     * (as one argument to the platform opener). The server is {@link ServerState#AUTH_REQUIRED} with
     * the URL in its status meanwhile, and becomes READY by itself once the user has finished (a
     * {@link ServerReady} follows). Raised only for a host with an
     * {@linkplain McpHostBuilder#authorization authorization handler}, after that handler was called.
     */
    record AuthorizationRequired(Instant at, String server, URI url) implements HostEvent { }

    /** A reconnect attempt is scheduled after {@code delay}. */
    record ServerReconnecting(Instant at, String server, int attempt, Duration delay) implements HostEvent { }

    /** The server was stopped: removed, restarted, or the host closed. */
    record ServerStopped(Instant at, String server) implements HostEvent { }

    /**
     * This server's part of the catalog changed: it came, went, its lists changed, or another server's
     * change moved one of its names. One event per server whose entries changed.
     */
    record CatalogChanged(Instant at, String server, Set<ListKind> kinds) implements HostEvent { }

    /**
     * A tool the catalog already exposed came back from its server with another description, input or
     * output schema, or annotations (a "rug pull": what the application or its user approved is not
     * what the model will now be offered). {@code name} is the exposed name; the tool stays in the catalog.
     */
    record ToolDefinitionChanged(Instant at, String server, String name, Tool before, Tool after) implements HostEvent { }

    /** A routed tool call is about to pass through the interceptors to the server. */
    record ToolCallStarted(Instant at, String server, long callId, String name, String toolName) implements HostEvent { }

    /** The call returned a result; {@code isError} is the tool's own error flag. */
    record ToolCallFinished(Instant at, String server, long callId, Duration took, boolean isError) implements HostEvent { }

    /**
     * The call threw: an {@link McpException} (timeout, transport failure, protocol error, cancellation,
     * ...) or whatever an interceptor threw.
     */
    record ToolCallFailed(Instant at, String server, long callId, Duration took, Throwable cause) implements HostEvent { }

    /** The server sent a log message (it also goes to SLF4J logger {@code mcphost.server.<name>}). */
    record ServerLog(Instant at, String server, LoggingMessageNotificationParams message) implements HostEvent { }

    /** Progress of a routed tool call. */
    record CallProgress(Instant at, String server, long callId, Progress progress) implements HostEvent { }

    /** The server asked the host something ({@code sampling/createMessage} or {@code elicitation/create}), before the handler sees it. */
    record ServerRequest(Instant at, String server, String method) implements HostEvent { }
}
