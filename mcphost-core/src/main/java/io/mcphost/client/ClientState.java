package io.mcphost.client;

/**
 * The life of an {@link McpClient}: {@code CREATED → CONNECTING → READY → CLOSED}, or
 * {@code FAILED} (with {@link McpClient#failure()} saying why) when the handshake fails or the
 * connection dies. A FAILED or CLOSED client never becomes READY again.
 */
public enum ClientState {
    /** Built, nothing started yet. */
    CREATED,
    /** The transport is starting or the {@code initialize} handshake is running. */
    CONNECTING,
    /** Handshake done; requests may be sent. */
    READY,
    /** The connection failed or died; every pending call failed with the cause. */
    FAILED,
    /** {@code close()} was called. */
    CLOSED
}
