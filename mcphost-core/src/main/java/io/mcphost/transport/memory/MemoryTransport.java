package io.mcphost.transport.memory;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.internal.Settings;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import io.mcphost.transport.TransportKind;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One side of an in-process, linked pair of transports, for tests and for embedding a server in
 * the same JVM. What one side sends is delivered, in order, to the other side's handler on that
 * side's own virtual reader thread.
 *
 * <p>Each direction is a bounded queue: {@link #send} blocks while the peer's queue is full. By
 * default every message is encoded to JSON text and decoded again on the way, so tests exercise
 * the real codec; {@link Builder#roundTripThroughCodec(boolean)} turns that off.
 *
 * <p>Closing one side calls {@code onClosed(null)} on it; the other side first receives what was
 * already queued for it, then {@code onClosed} with a {@link McpTransportException} saying "peer
 * closed". Sending after close throws {@link McpClosedException}; sending to a closed peer throws
 * {@link McpTransportException}.
 *
 * <p>Thread-safe. Instances come from {@link #pair()} or {@link Builder#pair()}. Its one
 * {@linkplain Transport#capability capability} is its kind, {@link TransportKind#MEMORY}.
 */
public final class MemoryTransport implements Transport {
    private static final Logger LOG = LoggerFactory.getLogger(MemoryTransport.class);
    private static final Duration DEFAULT_CLOSE_BUDGET = Duration.ofSeconds(5);

    /** The two linked sides: by convention the client's and the server's. */
    public record Pair(Transport client, Transport server) {
        public Pair {
            Objects.requireNonNull(client, "client");
            Objects.requireNonNull(server, "server");
        }
    }

    private final String name;
    private final Mailbox inbox;
    private final Mailbox outbox;
    private final boolean roundTrip;
    private final AtomicReference<InboundHandler> handler = new AtomicReference<>();
    private final AtomicBoolean closing = new AtomicBoolean();
    private final AtomicBoolean notified = new AtomicBoolean();
    private volatile boolean peerClosed;
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile Thread reader;

    private MemoryTransport(String name, Mailbox inbox, Mailbox outbox, boolean roundTrip) {
        this.name = name;
        this.inbox = inbox;
        this.outbox = outbox;
        this.roundTrip = roundTrip;
    }

    /** A linked pair with the defaults: queues of 1,024 messages, messages round-tripped through JSON. */
    public static Pair pair() {
        return builder().pair();
    }

    /** Options for a pair. */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public void start(InboundHandler inbound) {
        Objects.requireNonNull(inbound, "inbound");
        if (closing.get()) {
            throw new McpClosedException(null, describe() + " is closed");
        }
        if (!handler.compareAndSet(null, inbound)) {
            throw new IllegalStateException(describe() + " was already started");
        }
        reader = Thread.ofVirtual().name("mcphost-memory-reader-" + name).start(this::readLoop);
    }

    private void readLoop() {
        InboundHandler inbound = handler.get();
        try {
            JsonRpcMessage message;
            while ((message = inbox.take()) != null) {
                try {
                    inbound.onMessage(message);
                } catch (RuntimeException e) {
                    // A handler bug must not silently end the connection for everyone else.
                    LOG.warn("{}: inbound handler failed on a message", describe(), e);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!closing.get()) {
            finish(new McpTransportException(null, "peer closed"));
        }
    }

    @Override
    public void send(JsonRpcMessage message) {
        Objects.requireNonNull(message, "message");
        if (closing.get()) {
            throw new McpClosedException(null, describe() + " is closed");
        }
        if (peerClosed) {
            throw new McpTransportException(null, "peer closed");
        }
        JsonRpcMessage delivered = roundTrip ? throughTheWire(message) : message;
        Mailbox.Refusal refusal;
        try {
            refusal = outbox.put(delivered);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new McpTransportException(null, "interrupted while sending on " + describe(), e);
        }
        switch (refusal) {
            case NONE -> { }
            case SENDER_CLOSED -> throw new McpClosedException(null, describe() + " is closed");
            case RECEIVER_CLOSED -> throw new McpTransportException(null, "peer closed");
        }
    }

    /**
     * Closes this side and signals the end to the peer. Waits at most {@code budget} for this side's
     * reader to finish its current message, then calls {@code onClosed(null)} (unless the peer had
     * already closed, in which case onClosed was already called). Idempotent.
     */
    @Override
    public void close(Duration budget) {
        Objects.requireNonNull(budget, "budget");
        if (!closing.compareAndSet(false, true)) {
            awaitFinished(budget);
            return;
        }
        outbox.closeSender();
        inbox.closeReceiver();
        Thread current = reader;
        if (current != null && current != Thread.currentThread()) {
            try {
                current.join(budget);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        finish(null);
    }

    @Override
    public void close() {
        close(DEFAULT_CLOSE_BUDGET);
    }

    private void awaitFinished(Duration budget) {
        try {
            finished.await(budget.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void finish(McpTransportException cause) {
        if (!notified.compareAndSet(false, true)) {
            return;
        }
        try {
            InboundHandler inbound = handler.get();
            if (inbound != null) {
                inbound.onClosed(cause);
            }
        } catch (RuntimeException e) {
            LOG.warn("{}: inbound handler failed in onClosed", describe(), e);
        } finally {
            if (cause != null) {
                // The peer is gone: later sends fail fast; a later close() only frees this side.
                peerClosed = true;
            }
            finished.countDown();
        }
    }

    @Override
    public String describe() {
        return "memory:" + name;
    }

    @Override
    public <C> Optional<C> capability(Class<C> type) {
        return type == TransportKind.class ? Optional.of(type.cast(TransportKind.MEMORY)) : Optional.empty();
    }

    @Override
    public String toString() {
        return describe();
    }

    /** Options for {@link #pair()}. Not thread-safe; the pairs it makes are. */
    public static final class Builder {
        private String name = "pair";
        private int queueCapacity = 1024;
        private boolean roundTripThroughCodec = true;

        private Builder() {
        }

        /** A name for threads and {@link Transport#describe()}; the sides are "name-client" and "name-server". */
        public Builder name(String name) {
            this.name = Objects.requireNonNull(name, "name");
            return this;
        }

        /** How many messages may wait in each direction before {@code send} blocks. Default 1,024. */
        public Builder queueCapacity(int queueCapacity) {
            this.queueCapacity = Settings.positive(queueCapacity, "queueCapacity");
            return this;
        }

        /**
         * Whether each message is encoded to JSON text and decoded again on the way (default true),
         * so codec bugs surface in tests. A codec failure is thrown to the sender.
         */
        public Builder roundTripThroughCodec(boolean roundTripThroughCodec) {
            this.roundTripThroughCodec = roundTripThroughCodec;
            return this;
        }

        /** Makes a linked pair. Does no I/O and starts no thread; each side starts on {@code start}. */
        public Pair pair() {
            Mailbox toServer = new Mailbox(queueCapacity);
            Mailbox toClient = new Mailbox(queueCapacity);
            MemoryTransport client = new MemoryTransport(name + "-client", toClient, toServer, roundTripThroughCodec);
            MemoryTransport server = new MemoryTransport(name + "-server", toServer, toClient, roundTripThroughCodec);
            return new Pair(client, server);
        }
    }

    /** The message as the stdio and HTTP transports pass it: encoded to UTF-8 bytes and decoded from them. */
    private static JsonRpcMessage throughTheWire(JsonRpcMessage message) {
        byte[] json = JsonCodec.get().encodeBytes(message);
        return JsonCodec.get().decode(json, 0, json.length).getFirst(); // one message in, one out
    }
}
