package io.mcphost.protocol;

/**
 * One JSON-RPC 2.0 message as it travels between client and server. The set is closed: every
 * message is a request, a notification, a result response or an error response, so dispatch is an
 * exhaustive {@code switch} with no {@code default}.
 *
 * <p>Instances are immutable and thread-safe. A batch (a JSON array of messages, allowed only by
 * revision 2025-03-26) is decoded into several messages by the codec and never appears here.
 */
public sealed interface JsonRpcMessage
        permits JsonRpcRequest, JsonRpcNotification, JsonRpcResponse, JsonRpcErrorResponse {

    /** The JSON-RPC version string every message carries. */
    String VERSION = "2.0";
}
