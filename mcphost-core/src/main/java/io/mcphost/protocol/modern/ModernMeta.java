package io.mcphost.protocol.modern;

/**
 * The reserved {@code _meta} keys of revision 2026-07-28. Constants only.
 *
 * <p>Requests carry {@link #PROTOCOL_VERSION} and {@link #CLIENT_CAPABILITIES} (both required),
 * {@link #CLIENT_INFO} (should) and {@link #LOG_LEVEL} (only when the client wants
 * {@code notifications/message} for that request). Results carry {@link #SERVER_INFO}; notifications
 * delivered on a {@code subscriptions/listen} stream carry {@link #SUBSCRIPTION_ID}.
 */
public final class ModernMeta {
    /** Request: the protocol revision this request uses, for example {@code "2026-07-28"}. */
    public static final String PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
    /** Request: the client's capabilities for this request (an object; empty = none). */
    public static final String CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
    /** Request: the client's {@code Implementation} (name, version). */
    public static final String CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
    /** Request: the lowest log level the client wants as {@code notifications/message} for this request. */
    public static final String LOG_LEVEL = "io.modelcontextprotocol/logLevel";
    /** Result: the server's {@code Implementation}. */
    public static final String SERVER_INFO = "io.modelcontextprotocol/serverInfo";
    /** Notification or listen result: the id of the {@code subscriptions/listen} request of the stream. */
    public static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

    /** The extension id of the 2026-07-28 tasks extension, as a key of {@code capabilities.extensions}. */
    public static final String TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

    private ModernMeta() {
    }
}
