package io.mcphost.protocol;

import java.util.Set;

/**
 * The method names of MCP revision 2025-11-25, requests and notifications in both directions.
 * Constants only: callers compare with {@code equals} or switch on the string. Names that only
 * exist in later revisions are added by the code for those revisions.
 *
 * <p>Stateless and thread-safe.
 */
public final class McpMethod {

    // --- lifecycle and utilities (either direction) ---
    /** Client to server: the handshake request. */
    public static final String INITIALIZE = "initialize";
    /** Client to server: the handshake is complete. */
    public static final String NOTIFICATIONS_INITIALIZED = "notifications/initialized";
    /** Either direction: liveness check. */
    public static final String PING = "ping";
    /** Either direction: progress for a request that carried a progress token. */
    public static final String NOTIFICATIONS_PROGRESS = "notifications/progress";
    /** Either direction: the sender no longer wants the result of a request. */
    public static final String NOTIFICATIONS_CANCELLED = "notifications/cancelled";

    // --- tools (client to server, list_changed from server) ---
    public static final String TOOLS_LIST = "tools/list";
    public static final String TOOLS_CALL = "tools/call";
    public static final String NOTIFICATIONS_TOOLS_LIST_CHANGED = "notifications/tools/list_changed";

    // --- resources ---
    public static final String RESOURCES_LIST = "resources/list";
    public static final String RESOURCES_TEMPLATES_LIST = "resources/templates/list";
    public static final String RESOURCES_READ = "resources/read";
    public static final String RESOURCES_SUBSCRIBE = "resources/subscribe";
    public static final String RESOURCES_UNSUBSCRIBE = "resources/unsubscribe";
    public static final String NOTIFICATIONS_RESOURCES_LIST_CHANGED = "notifications/resources/list_changed";
    public static final String NOTIFICATIONS_RESOURCES_UPDATED = "notifications/resources/updated";

    // --- prompts ---
    public static final String PROMPTS_LIST = "prompts/list";
    public static final String PROMPTS_GET = "prompts/get";
    public static final String NOTIFICATIONS_PROMPTS_LIST_CHANGED = "notifications/prompts/list_changed";

    // --- completion and logging ---
    public static final String COMPLETION_COMPLETE = "completion/complete";
    public static final String LOGGING_SET_LEVEL = "logging/setLevel";
    /** Server to client: a log message. */
    public static final String NOTIFICATIONS_MESSAGE = "notifications/message";

    // --- server to client requests ---
    public static final String SAMPLING_CREATE_MESSAGE = "sampling/createMessage";
    public static final String ELICITATION_CREATE = "elicitation/create";
    /** Server to client: an out-of-band (URL mode) elicitation finished. */
    public static final String NOTIFICATIONS_ELICITATION_COMPLETE = "notifications/elicitation/complete";
    public static final String ROOTS_LIST = "roots/list";
    /** Client to server: the client's roots changed. */
    public static final String NOTIFICATIONS_ROOTS_LIST_CHANGED = "notifications/roots/list_changed";

    // --- tasks (either direction, 2025-11-25) ---
    public static final String TASKS_GET = "tasks/get";
    public static final String TASKS_RESULT = "tasks/result";
    public static final String TASKS_LIST = "tasks/list";
    public static final String TASKS_CANCEL = "tasks/cancel";
    public static final String NOTIFICATIONS_TASKS_STATUS = "notifications/tasks/status";

    // --- the Skills extension (io.modelcontextprotocol/skills, SEP-2640): client to server, both eras;
    // not revision methods, so in neither set below ---
    public static final String SKILLS_LIST = "skills/list";
    public static final String SKILLS_GET = "skills/get";
    public static final String RESOURCES_DIRECTORY_READ = "resources/directory/read";

    /** Every request method of revision 2025-11-25. */
    public static final Set<String> REQUESTS = Set.of(
            INITIALIZE, PING, TOOLS_LIST, TOOLS_CALL, RESOURCES_LIST, RESOURCES_TEMPLATES_LIST, RESOURCES_READ,
            RESOURCES_SUBSCRIBE, RESOURCES_UNSUBSCRIBE, PROMPTS_LIST, PROMPTS_GET, COMPLETION_COMPLETE,
            LOGGING_SET_LEVEL, SAMPLING_CREATE_MESSAGE, ELICITATION_CREATE, ROOTS_LIST,
            TASKS_GET, TASKS_RESULT, TASKS_LIST, TASKS_CANCEL);

    /** Every notification method of revision 2025-11-25. */
    public static final Set<String> NOTIFICATIONS = Set.of(
            NOTIFICATIONS_INITIALIZED, NOTIFICATIONS_PROGRESS, NOTIFICATIONS_CANCELLED,
            NOTIFICATIONS_TOOLS_LIST_CHANGED, NOTIFICATIONS_RESOURCES_LIST_CHANGED, NOTIFICATIONS_RESOURCES_UPDATED,
            NOTIFICATIONS_PROMPTS_LIST_CHANGED, NOTIFICATIONS_MESSAGE, NOTIFICATIONS_ELICITATION_COMPLETE,
            NOTIFICATIONS_ROOTS_LIST_CHANGED, NOTIFICATIONS_TASKS_STATUS);

    private McpMethod() {
    }
}
