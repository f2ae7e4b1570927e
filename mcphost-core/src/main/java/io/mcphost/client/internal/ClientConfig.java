package io.mcphost.client.internal;

import io.mcphost.client.ElicitationHandler;
import io.mcphost.protocol.Era;
import io.mcphost.client.ListKind;
import io.mcphost.client.RequestObserver;
import io.mcphost.client.SamplingHandler;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.logging.LoggingMessageNotificationParams;
import io.mcphost.protocol.roots.Root;
import io.mcphost.protocol.tasks.Task;
import io.mcphost.transport.Transport;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Everything a client is built from, validated by the public builder that collected it (this record knows
 * no builder: the dependency goes one way, from the API to here). The optional handlers and roots are the
 * client features the application enabled; absent ones stay unannounced.
 */
public record ClientConfig(Transport transport, String name, Implementation clientInfo, Duration requestTimeout,
                           Duration initializeTimeout, Duration closeTimeout, int maxPendingRequests, int sessionRetries,
                           Consumer<JsonRpcNotification> onNotification,
                           Consumer<LoggingMessageNotificationParams> onLog,
                           Optional<ElicitationHandler> elicitation, Optional<SamplingHandler> sampling,
                           Optional<List<Root>> roots, Duration serverRequestTimeout,
                           boolean resetTimeoutOnProgress, Optional<Duration> maxTotalTimeout,
                           Consumer<ListKind> onListChanged, Consumer<McpException> onConnectionLost,
                           Consumer<Task> onTaskStatus, Optional<RequestObserver> observer,
                           Era era, Duration probeTimeout, Optional<io.mcphost.auth.TokenStore> eraMemory) {
    /**
     * The defaults of what only a single client's builder sets (the rest is
     * {@code ClientSettings.DEFAULTS}), here so that the client's own warm-up client has them too.
     */
    public static final int MAX_PENDING_REQUESTS = 10_000;
    public static final int SESSION_RETRIES = 3;
    public static final Duration SERVER_REQUEST_TIMEOUT = Duration.ofMinutes(10);
    public static final Duration PROBE_TIMEOUT = Duration.ofMillis(500);

    /**
     * A copy of {@code roots}, checked against the spec's rule that every root is a {@code file://}
     * URI (client/roots, "Root").
     *
     * @throws IllegalArgumentException naming the first root that is not a file URI
     */
    public static List<Root> fileRoots(List<Root> roots) {
        List<Root> copy = List.copyOf(roots);
        for (Root root : copy) {
            if (!root.uri().startsWith("file://")) {
                throw new IllegalArgumentException("roots must be file:// URIs, got '" + root.uri() + "'");
            }
        }
        return copy;
    }
}
