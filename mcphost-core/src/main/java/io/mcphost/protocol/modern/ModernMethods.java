package io.mcphost.protocol.modern;

import io.mcphost.protocol.McpMethod;
import java.util.Set;

/**
 * The method names revision 2026-07-28 adds, and the ones it removes. Constants only.
 */
public final class ModernMethods {
    /** Client to server: the server's supported versions, capabilities and identity. */
    public static final String SERVER_DISCOVER = "server/discover";
    /** Client to server: a long-lived stream of opted-in change notifications. */
    public static final String SUBSCRIPTIONS_LISTEN = "subscriptions/listen";
    /** Server to client, first message on a listen stream: which notification types it will send. */
    public static final String NOTIFICATIONS_SUBSCRIPTIONS_ACKNOWLEDGED = "notifications/subscriptions/acknowledged";
    /** Tasks extension, client to server: input for a task that is waiting for it. */
    public static final String TASKS_UPDATE = "tasks/update";

    /**
     * Methods of the handshake revisions that do not exist in 2026-07-28. A modern client never
     * sends them; a modern server answers them as unknown methods (or, for {@code initialize} on a
     * dual-era server, with legacy semantics).
     */
    public static final Set<String> REMOVED = Set.of(
            McpMethod.INITIALIZE, McpMethod.NOTIFICATIONS_INITIALIZED, McpMethod.PING, McpMethod.LOGGING_SET_LEVEL,
            McpMethod.RESOURCES_SUBSCRIBE, McpMethod.RESOURCES_UNSUBSCRIBE, McpMethod.NOTIFICATIONS_ROOTS_LIST_CHANGED,
            McpMethod.NOTIFICATIONS_ELICITATION_COMPLETE, McpMethod.TASKS_RESULT, McpMethod.TASKS_LIST);

    private ModernMethods() {
    }
}
