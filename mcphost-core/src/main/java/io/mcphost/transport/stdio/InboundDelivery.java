package io.mcphost.transport.stdio;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.internal.LogLimit;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.stdio.internal.LineReader;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;

/**
 * The inbound side of one {@link StdioTransport}: turns the lines its reader (or a lending caller) hands over
 * into messages for the application's {@link InboundHandler}, skips what is not JSON-RPC, and calls
 * {@link InboundHandler#onClosed} exactly once, after any message being delivered and never before one.
 *
 * <p>Thread-safe: lines may come from the reader thread or a caller reading its own answer, and the report
 * from the reader, the exit watcher or a closing thread; the handler sees one callback at a time. Skip
 * warnings are rate-limited (the first few per interval, then one summary with the count), because a server
 * printing junk to stdout must not flood the host's log.
 */
final class InboundDelivery {
    private static final Logger LOG = LoggerFactory.getLogger(StdioTransport.class);
    private static final JsonCodec CODEC = JsonCodec.get();
    /** How long {@link InboundHandler#onClosed} waits for a message being delivered to finish. */
    private static final Duration CALLBACK_WAIT = Duration.ofMillis(100);
    private static final int PREVIEW_CHARS = 200;

    private final String name;
    private final int maxMessageBytes;
    private final Lifecycle state;
    private final LogLimit skippedLogs = new LogLimit(5, Duration.ofSeconds(10));
    private final String skipped; // what the summary of rate-limited skip warnings calls them
    private final ReentrantLock callbackLock = new ReentrantLock(); // onMessage and onClosed one at a time
    private volatile InboundHandler handler;

    InboundDelivery(String name, int maxMessageBytes, Lifecycle state) {
        this.name = name;
        this.maxMessageBytes = maxMessageBytes;
        this.state = state;
        this.skipped = "skipped lines on stdout of server '" + name + "' (not JSON-RPC, or over maxMessageBytes)";
    }

    /** Set once, when the transport starts; before that a report has nobody to tell. */
    void handler(InboundHandler inbound) {
        this.handler = inbound;
    }

    /** Decodes one line and hands its messages over, unless {@code onClosed} was already called. */
    void deliver(LineReader.Line line) {
        if (line.isBlank()) {
            return;
        }
        List<JsonRpcMessage> messages;
        try {
            messages = CODEC.decode(line.utf8(), 0, line.utf8().length);
        } catch (McpProtocolException e) {
            // Rate-limited: a server printing 1,000 junk lines per message made 51,000 WARN records.
            skippedLogs.log(LOG, Level.WARN, skipped, "server '{}': skipped a line that is not a JSON-RPC message ({}): {}",
                    name, LogLimit.bounded(e.getMessage(), PREVIEW_CHARS), LogLimit.bounded(line.text()));
            return;
        }
        for (JsonRpcMessage message : messages) {
            callbackLock.lock();
            try {
                if (!state.get().isUnreported()) {
                    return; // onClosed was already called: nothing may follow it
                }
                handler.onMessage(message);
            } catch (RuntimeException e) {
                // A handler bug must not end the connection; say where it came from.
                LOG.warn("server '{}': the inbound handler failed on a message", name, e);
            } finally {
                callbackLock.unlock();
            }
        }
    }

    /** A line over {@code maxMessageBytes} was skipped without being read into memory. */
    void skippedOversized(long bytes) {
        skippedLogs.log(LOG, Level.WARN, skipped, "server '{}': skipped a message of {} bytes, over the {}-byte limit (maxMessageBytes)",
                name, bytes, maxMessageBytes);
    }

    /** Logs the summary of what was only counted, once no more lines can come. */
    void inputDone() {
        skippedLogs.flush(LOG, Level.WARN, skipped);
    }

    /** Calls onClosed exactly once, after any message being delivered (bounded wait). */
    void report(McpTransportException cause) {
        if (!state.claimReport()) {
            return;
        }
        InboundHandler inbound = handler;
        if (inbound == null) {
            return; // closed before start: nobody to tell
        }
        boolean locked = false;
        try {
            locked = callbackLock.tryLock(CALLBACK_WAIT.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            inbound.onClosed(cause);
        } catch (RuntimeException e) {
            LOG.warn("server '{}': the inbound handler failed in onClosed", name, e);
        } finally {
            if (locked) {
                callbackLock.unlock();
            }
        }
    }
}
