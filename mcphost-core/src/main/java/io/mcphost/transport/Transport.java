package io.mcphost.transport;

import io.mcphost.protocol.JsonRpcMessage;
import java.time.Duration;
import java.util.Optional;

/**
 * Moves JSON-RPC messages to and from one peer: what every transport does. A transport never
 * interprets MCP methods: it frames, sends, receives and closes.
 *
 * <p>What only some transports can do is a typed capability, reached through {@link #capability}
 * and passed on by every wrapper ({@link ForwardingTransport}), never through {@code instanceof} on
 * a concrete transport:
 * <ul>
 *   <li>{@link HeaderMirroring}: send a message with per-request headers (HTTP);</li>
 *   <li>{@link HttpSessions}: the session the server named, and the revision the handshake agreed (HTTP);</li>
 *   <li>{@link Reopenable}: {@link #start} again after {@link #close} opens a new connection (HTTP);</li>
 *   <li>{@link CallerLending}: a waiting caller's thread reads its own answer (stdio);</li>
 *   <li>{@link io.mcphost.auth.OAuthClient}: the OAuth client that authorises the transport's requests
 *       (HTTP, when configured).</li>
 * </ul>
 * A new transport implements these five methods and offers whatever capabilities it has; nothing above
 * the transport layer changes.
 *
 * <p>Thread-safe: {@link #send} may be called from many threads at once and messages are written
 * whole, one after another. Inbound messages are delivered one at a time, in arrival order, on a
 * thread owned by the transport or on a caller's thread {@linkplain CallerLending lent} to it.
 */
public interface Transport extends AutoCloseable {

    /**
     * Starts the transport (launches the process, opens the connection) and begins delivering
     * inbound messages to {@code inbound}. Returns once messages can flow. Called once, or again
     * after {@link #close} when the transport offers {@link Reopenable}.
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
     * The capability {@code type} of this transport, when it has it: an object of that type acting on
     * this transport, or empty. A wrapper answers with its delegate's capability (a
     * {@link HeaderMirroring} through the wrapper, so the wrapper sees what is sent), so a capability
     * is found through any number of wrappers. The answer does not change between calls. Never blocks;
     * callable from any thread, before {@link #start} too.
     *
     * <p>By default: this transport itself when it implements {@code type}, else empty. A transport
     * offers a capability by implementing its interface, or by overriding this method to hand out
     * another object (as {@link io.mcphost.transport.http.HttpTransport} does for its
     * {@link io.mcphost.auth.OAuthClient}).
     */
    default <C> Optional<C> capability(Class<C> type) {
        return type.isInstance(this) ? Optional.of(type.cast(this)) : Optional.empty();
    }
}
