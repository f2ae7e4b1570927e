package io.mcphost.client;

import io.mcphost.protocol.McpMethod;
import java.util.Optional;

/**
 * A list a server may announce as changed with a {@code notifications/.../list_changed}
 * notification; see {@link McpClientBuilder#onListChanged}.
 */
public enum ListKind {
    TOOLS(McpMethod.NOTIFICATIONS_TOOLS_LIST_CHANGED),
    PROMPTS(McpMethod.NOTIFICATIONS_PROMPTS_LIST_CHANGED),
    RESOURCES(McpMethod.NOTIFICATIONS_RESOURCES_LIST_CHANGED);

    private final String notification;

    ListKind(String notification) {
        this.notification = notification;
    }

    /** The method of the notification announcing the change, e.g. {@code notifications/tools/list_changed}. */
    public String notification() {
        return notification;
    }

    /** The list a notification method announces as changed, if it is one of these. */
    public static Optional<ListKind> ofNotification(String method) {
        for (ListKind kind : values()) {
            if (kind.notification.equals(method)) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }
}
