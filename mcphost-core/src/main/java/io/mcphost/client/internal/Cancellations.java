package io.mcphost.client.internal;

import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.McpTimeoutException;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.internal.JsonCodec;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Calls a client's given-up requests off at the server: a request the caller cancelled, or that timed
 * out, becomes {@code notifications/cancelled}, written on a virtual thread of its own (a full pipe must
 * not stall the caller or a timer). A cancelling caller waits a moment for its notification to leave, and
 * the client's close waits for every one still being written before it closes the transport, so a
 * caller that cancels and then closes (Ctrl-C in a CLI) never has it cut off. Thread-safe.
 */
final class Cancellations {
    private static final Logger LOG = LoggerFactory.getLogger(Cancellations.class);
    private static final JsonCodec CODEC = JsonCodec.get();
    /** How long a cancelling caller waits for its notifications/cancelled to be written (a full pipe: no longer). */
    private static final Duration CANCEL_WRITE_WAIT = Duration.ofMillis(250);

    private final ClientConfig config;
    private final String name;
    /** The threads writing a notifications/cancelled now: closing the client lets them finish first. */
    private final Set<Thread> senders = ConcurrentHashMap.newKeySet();

    Cancellations(ClientConfig config) {
        this.config = config;
        this.name = config.name();
    }

    /**
     * A request the caller cancelled, or that timed out, is called off at the server too: what
     * {@link PendingRequests#register} runs for a request given up (no completion callback of its own per call).
     */
    java.util.function.BiConsumer<PendingRequests.Pending, Throwable> forwarding(Map<String, String> headers) {
        return (entry, error) -> {
            if (error instanceof CancellationException) {
                // The caller's own thread: wait a moment for the notification to leave, so a caller that
                // cancels and then exits (Ctrl-C in a CLI) does not end the process before it is written.
                Thread sender = sendCancelled(entry.id(), "cancelled by the caller", headers);
                try {
                    sender.join(CANCEL_WRITE_WAIT);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            } else if (error instanceof McpTimeoutException timedOut) {
                sendCancelled(entry.id(), "timed out: " + timedOut.detail(), headers);
            }
        };
    }

    /** Tells the server we no longer wait for a request. Never throws. */
    private Thread sendCancelled(RequestId id, String reason, Map<String, String> headers) {
        ObjectNode params = CODEC.newObject();
        switch (id) {
            case RequestId.NumberId n -> params.put("requestId", n.value());
            case RequestId.StringId s -> params.put("requestId", s.value());
        }
        params.put("reason", reason);
        // Off the caller's (or the timer's) thread: a full pipe must not stall deadlines of other calls.
        Thread sender = Thread.ofVirtual().name("mcphost-cancel-" + name).unstarted(() -> {
            try {
                io.mcphost.transport.HeaderMirroring.send(config.transport(), JsonRpcNotification.of(McpMethod.NOTIFICATIONS_CANCELLED, params), headers);
            } catch (McpClosedException e) {
                // The client was closed after the call ended and before this thread wrote (a CLI closes as soon
                // as a call times out). Expected, and harmless: closing ends the request at the server too
                // (stdin closed, HTTP session deleted, streams aborted).
                LOG.debug("server '{}': notifications/cancelled for request {} not sent: the client was closed first", name, id);
            } catch (McpException e) {
                // The connection is open but the write failed: the server may go on working on the request.
                LOG.warn("server '{}': could not send notifications/cancelled for request {} ({}): {}", name, id, reason,
                        e.detail());
            } finally {
                senders.remove(Thread.currentThread());
            }
        });
        senders.add(sender);
        sender.start();
        return sender;
    }

    /**
     * Waits, at most until {@code deadlineNanos} ({@link System#nanoTime}), for the notifications/cancelled
     * being written now: the client's close calls it before it closes the transport, so that a caller that
     * cancels and then closes (Ctrl-C in a CLI) never has its notification cut off by the close, however
     * slowly the machine runs the writer.
     */
    void await(long deadlineNanos) {
        for (Thread sender : senders) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                return;
            }
            try {
                sender.join(java.time.Duration.ofNanos(left));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
