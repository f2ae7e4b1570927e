package io.mcphost.transport;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.McpTransportException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/** An inbound handler that records what it receives, for transport tests. Thread-safe. */
public class RecordingHandler implements InboundHandler {
    private final List<JsonRpcMessage> messages = new CopyOnWriteArrayList<>();
    private final List<String> threads = new CopyOnWriteArrayList<>();
    private final CompletableFuture<Optional<McpTransportException>> closed = new CompletableFuture<>();
    private final AtomicInteger closedCalls = new AtomicInteger();

    @Override
    public void onMessage(JsonRpcMessage message) {
        threads.add(Thread.currentThread().getName());
        messages.add(message);
    }

    @Override
    public void onClosed(McpTransportException cause) {
        closedCalls.incrementAndGet();
        closed.complete(Optional.ofNullable(cause));
    }

    public List<JsonRpcMessage> messages() {
        return new ArrayList<>(messages);
    }

    public List<String> threads() {
        return new ArrayList<>(threads);
    }

    public List<JsonRpcMessage> awaitMessages(int count, Duration deadline) {
        Await.until(count + " messages (have " + messages.size() + ")", deadline, () -> messages.size() >= count);
        return messages();
    }

    public boolean isClosed() {
        return closed.isDone();
    }

    public int closedCalls() {
        return closedCalls.get();
    }

    /** The cause passed to onClosed (empty for a normal close), waiting for it at most {@code deadline}. */
    public Optional<McpTransportException> awaitClosed(Duration deadline) {
        try {
            return closed.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("onClosed was not called within " + deadline, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } catch (ExecutionException e) {
            throw new AssertionError(e);
        }
    }
}
