package io.mcphost.transport.memory;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One end of an in-process transport pair, for tests and for embedding a server in the same JVM.
 * Messages sent on one end arrive, in order, on the other end's reader thread (a virtual thread).
 * Each message is encoded to JSON text and decoded again, so the pair exercises the same codec
 * as a real wire.
 *
 * <p>Thread-safe. The inbound queue is bounded; {@link #send} blocks while it is full.
 * Closing either end ends both: the closing end reports a normal close, the other a
 * {@link McpTransportException} "peer closed".
 */
public final class MemoryTransport implements Transport {
    private static final int CAPACITY = 1_024;
    private static final JsonCodec CODEC = JsonCodec.get();
    /** Wakes the reader when the transport closes. */
    private static final String POISON = "";

    /** The two connected ends. */
    public record Pair(Transport client, Transport server) {
    }

    private final String name;
    private final BlockingQueue<String> inbox = new ArrayBlockingQueue<>(CAPACITY);
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    private MemoryTransport peer;
    private volatile InboundHandler handler;
    private volatile McpTransportException closeCause;

    private MemoryTransport(String name) {
        this.name = name;
    }

    /** A connected pair of ends. */
    public static Pair pair() {
        MemoryTransport client = new MemoryTransport("memory-client");
        MemoryTransport server = new MemoryTransport("memory-server");
        client.peer = server;
        server.peer = client;
        return new Pair(client, server);
    }

    @Override
    public void start(InboundHandler inbound) {
        Objects.requireNonNull(inbound, "inbound");
        if (!started.compareAndSet(false, true)) {
            throw new IllegalStateException(name + " was already started");
        }
        this.handler = inbound;
        Thread.ofVirtual().name("mcphost-" + name + "-reader").start(this::readLoop);
    }

    private void readLoop() {
        try {
            while (true) {
                String text = inbox.take();
                if (text == POISON) {
                    break;
                }
                for (JsonRpcMessage message : CODEC.decode(text)) {
                    handler.onMessage(message);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        handler.onClosed(closeCause);
    }

    @Override
    public void send(JsonRpcMessage message) {
        Objects.requireNonNull(message, "message");
        if (closed.get()) {
            throw new McpClosedException(null, name + " is closed");
        }
        String text = CODEC.encode(message);
        try {
            while (!peer.inbox.offer(text, 50, TimeUnit.MILLISECONDS)) {
                if (closed.get() || peer.closed.get()) {
                    throw new McpClosedException(null, name + " is closed");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new McpTransportException(null, "interrupted while sending on " + name, e);
        }
    }

    @Override
    public void close(Duration budget) {
        end(null);
        peer.end(new McpTransportException(null, "peer closed (" + name + ")"));
    }

    private void end(McpTransportException cause) {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        closeCause = cause;
        if (started.get()) {
            inbox.clear();
            inbox.offer(POISON);
        }
    }

    @Override
    public void close() {
        close(Duration.ofSeconds(1));
    }

    @Override
    public String describe() {
        return name;
    }
}
