package io.mcphost.transport;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.ProtocolVersion;
import java.time.Duration;
import java.util.Optional;

/**
 * Moves JSON-RPC messages to and from one peer. A transport never interprets MCP methods: it
 * frames, sends, receives and closes.
 *
 * <p>Thread-safe: {@link #send} may be called from many threads at once and messages are written
 * whole, one after another. Inbound messages are delivered one at a time, in arrival order, on a
 * thread owned by the transport or on a caller's thread {@linkplain #lend lent} to it.
 */
public interface Transport extends AutoCloseable {

    /**
     * Starts the transport (launches the process, opens the connection) and begins delivering
     * inbound messages to {@code inbound}. Returns once messages can flow. Called once, or again
     * after {@link #close} when the transport is {@link #reopenable()}.
     *
     * @throws io.mcphost.protocol.McpTransportException if the peer cannot be reached or started
     */
    void start(InboundHandler inbound);

    /**
     * Sends one message. Blocks until it is handed to the operating system (or the HTTP exchange
     * is accepted), never on the peer processing it. A transport may send requests in the
     * background; it then reports a request that could not be delivered, or whose answer cannot
     * arrive, through {@link InboundHandler#onRequestFailed} instead of throwing.
     *
     * @throws io.mcphost.protocol.McpTransportException if the transport is broken
     * @throws io.mcphost.protocol.McpClosedException if the transport was closed
     */
    void send(JsonRpcMessage message);

    /**
     * Sends one message with the transport headers that mirror its body (revision 2026-07-28 over
     * HTTP: {@code MCP-Protocol-Version}, {@code Mcp-Method}, {@code Mcp-Name}, {@code Mcp-Param-*}).
     * A request carrying {@code MCP-Protocol-Version} is a modern one: no session, its error answers
     * are delivered as JSON-RPC errors whatever the HTTP status. Transports without headers
     * ({@link #mirrorsHeaders()} false) send the message alone, as {@link #send(JsonRpcMessage)}.
     */
    default void send(JsonRpcMessage message, java.util.Map<String, String> headers) {
        send(message);
    }

    /**
     * Whether the transport carries request metadata headers (HTTP): the client computes them only
     * then. False by default.
     */
    default boolean mirrorsHeaders() {
        return false;
    }

    /**
     * Closes the transport and frees everything it owns (process tree, threads, connections),
     * returning within {@code budget} whatever the peer does. Idempotent. After it returns,
     * {@link InboundHandler#onClosed} has been called exactly once.
     */
    void close(Duration budget);

    /** Closes with the transport's configured budget. */
    @Override
    void close();

    /** A short human description for logs and errors, for example the command line or URL. */
    String describe();

    /**
     * Tells the transport that the handshake agreed on {@code version} and the session is in use
     * ({@code notifications/initialized} was sent). HTTP transports send the revision in the
     * {@code MCP-Protocol-Version} header from now on and open their listening stream. Called
     * again after every re-initialisation. Does nothing by default.
     */
    default void handshakeCompleted(ProtocolVersion version) {
    }

    /**
     * Whether {@link #start} may be called again after {@link #close}, opening a new connection
     * (HTTP transports: a new HTTP client). A client over such a transport re-opens it lazily when
     * used after close. False by default.
     */
    default boolean reopenable() {
        return false;
    }

    /**
     * The session id the server assigned, when the transport has one: over Streamable HTTP the
     * {@code Mcp-Session-Id} header's value, for tracing ({@code mcp.session.id}). Empty by default,
     * and before the server named a session. Never blocks.
     */
    default Optional<String> sessionId() {
        return Optional.empty();
    }

    /**
     * Offers the calling thread, which waits for {@code answered}, to read and deliver inbound
     * messages itself for a short while (a stdio transport: one wake-up fewer per call). Never
     * blocks in I/O and returns within a short budget, as soon as {@code answered} is done, or at
     * once; the caller then waits for {@code answered} as usual. {@code waiting} counts the requests
     * that wait for answers, this one included. Does nothing by default.
     */
    default void lend(java.util.concurrent.Future<?> answered, java.util.function.IntSupplier waiting) {
    }
}
