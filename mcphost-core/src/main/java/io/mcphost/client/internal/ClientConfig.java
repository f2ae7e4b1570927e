package io.mcphost.client.internal;

import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.logging.LoggingMessageNotificationParams;
import io.mcphost.transport.Transport;
import java.time.Duration;
import java.util.function.Consumer;

/** Everything {@link io.mcphost.client.McpClient.Builder} collected, validated there. */
public record ClientConfig(Transport transport, String name, Implementation clientInfo, Duration requestTimeout,
                           Duration initializeTimeout, Duration closeTimeout, int maxPendingRequests, int sessionRetries,
                           Consumer<JsonRpcNotification> onNotification,
                           Consumer<LoggingMessageNotificationParams> onLog) {
}
