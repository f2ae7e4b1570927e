package io.mcphost.testkit;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.transport.InboundHandler;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An {@link InboundHandler} that records what a transport delivers to it (the messages, the name of
 * the thread each came on, and the close), for tests of a transport on its own, with no client on top.
 *
 * <p>Thread-safe: the transport may deliver on any thread while a test reads; every read returns a
 * snapshot. The {@code await…} methods block the calling thread for at most their deadline.
 *
 * <p>Open for extension so a test can add behaviour to a callback (throw on the first message, note
 * when the close arrived); an override should call {@code super} so the records stay complete.
 */
public class RecordingHandler implements InboundHandler {
    private final List<JsonRpcMessage> messages = new CopyOnWriteArrayList<>();
    private final List<String> threads = new CopyOnWriteArrayList<>();
    private final CompletableFuture<Optional<McpTransportException>> closed = new CompletableFuture<>();
    private final AtomicInteger closedCalls = new AtomicInteger();

    /** A handler that has recorded nothing yet. */
    public RecordingHandler() {
    }

    /** Records {@code message} and the current thread's name. */
    @Override
    public void onMessage(JsonRpcMessage message) {
        threads.add(Thread.currentThread().getName());
        messages.add(message);
    }

    /** Records the close and its cause ({@code null} for a normal close). */
    @Override
    public void onClosed(McpTransportException cause) {
        closedCalls.incrementAndGet();
        closed.complete(Optional.ofNullable(cause));
    }

    /** The messages received so far, oldest first; a snapshot. */
    public List<JsonRpcMessage> messages() {
        return List.copyOf(messages);
    }

    /** The names of the threads that delivered {@link #messages()}, in the same order; a snapshot. */
    public List<String> threads() {
        return List.copyOf(threads);
    }

    /**
     * Blocks until at least {@code count} messages have arrived, for at most {@code deadline}, and
     * returns all messages received by then.
     *
     * @throws AssertionError if fewer than {@code count} arrived in time
     */
    public List<JsonRpcMessage> awaitMessages(int count, Duration deadline) {
        Await.until(deadline, () -> messages.size() >= count,
                count + " messages (have " + messages.size() + ")");
        return messages();
    }

    /** Whether {@link #onClosed} has been called. */
    public boolean isClosed() {
        return closed.isDone();
    }

    /** How many times {@link #onClosed} has been called; a transport must call it exactly once. */
    public int closedCalls() {
        return closedCalls.get();
    }

    /**
     * Blocks until {@link #onClosed} is called, for at most {@code deadline}, and returns its cause:
     * empty for a normal close.
     *
     * @throws AssertionError if the transport did not report its close in time, or the calling thread
     *                        is interrupted (its interrupt flag is kept)
     */
    public Optional<McpTransportException> awaitClosed(Duration deadline) {
        try {
            return closed.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("onClosed was not called within " + deadline, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for onClosed", e);
        } catch (ExecutionException e) {
            throw new AssertionError(e.getCause());
        }
    }
}
