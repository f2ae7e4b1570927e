package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.client.Progress;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpTimeoutException;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.ServerUnavailableException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * The requests a client has sent and not yet seen answered: id allocation, the future each caller
 * waits on, its deadline and its progress callback. Thread-safe; every method returns quickly.
 *
 * <p>Ids are numbers from a counter, so a progress token can simply be the request's id.
 */
final class PendingRequests implements DeadlineTimers.Owner {
    private final String server;
    private final int maxPending;
    private final AtomicLong nextId = new AtomicLong(1);
    private final AtomicInteger size = new AtomicInteger();
    /** How many waiting requests have a log listener of their own: none, and a log message needs no search. */
    private final AtomicInteger withLogListener = new AtomicInteger();
    private final ConcurrentHashMap<RequestId, Pending> pending = new ConcurrentHashMap<>();
    /** The deadline slot this client joined last: consecutive requests falling due in it need not join again. */
    private volatile DeadlineTimers.Slot lastSlot;
    /**
     * Requests given up (cancelled, timed out) whose answer is still wanted by their {@link Pending#tap}:
     * a request that may create something only its answer names (a task) must see a late answer to undo
     * it. Kept until that answer, the end of the connection ({@link #failAll}), or one more timeout.
     */
    private final ConcurrentHashMap<RequestId, Late> late = new ConcurrentHashMap<>();

    /** Nobody to tell that a request was given up. */
    private static final java.util.function.BiConsumer<Pending, Throwable> NOT_TOLD = (entry, error) -> { };

    /** No tap: nobody wants this request's answer once it was given up. */
    static final Consumer<JsonNode> NO_TAP = answer -> { };

    private record Late(Consumer<JsonNode> tap, long untilNanos) {
    }

    /**
     * One request in flight; {@code options} are its caller's (per-call input handlers, see {@link Attribution});
     * {@code callbacksQueued}: its progress and log callbacks queued and not yet run, which its answer waits behind;
     * {@code tap}: sees the request's answer first, on the reader's thread, also when it comes after the
     * request was given up ({@link #NO_TAP} for nearly every request).
     */
    record Pending(RequestId id, String method, CompletableFuture<JsonNode> future,
                   Optional<Consumer<Progress>> onProgress, Deadline deadline, CallOptions options,
                   AtomicInteger callbacksQueued, Consumer<JsonNode> tap) {
        /** Whether the request asks the server for progress (carries a progress token). */
        boolean wantsProgress() {
            return onProgress.isPresent() || deadline.needsProgress();
        }
    }

    PendingRequests(String server, int maxPending) {
        this.server = server;
        this.maxPending = maxPending;
    }

    /**
     * Registers a new request. The returned future completes with the result, fails with the
     * error, or fails with an {@link McpTimeoutException} naming the limit once the deadline
     * {@code policy} sets has passed. Whatever completes it, the entry is removed.
     */
    Pending register(String method, Deadline.Policy policy, Optional<Consumer<Progress>> onProgress) {
        return register(method, policy, onProgress, CallOptions.defaults());
    }

    /** Like {@link #register(String, Deadline.Policy, Optional)}, keeping the caller's {@code options} with the entry. */
    Pending register(String method, Deadline.Policy policy, Optional<Consumer<Progress>> onProgress, CallOptions options) {
        return register(method, policy, onProgress, options, NO_TAP);
    }

    /**
     * Like {@link #register(String, Deadline.Policy, Optional, CallOptions)}; {@code tap} sees the answer
     * before the future completes with it, and also an answer that arrives after the request was
     * cancelled or timed out (until one more of its timeouts has passed), which nothing else sees.
     */
    Pending register(String method, Deadline.Policy policy, Optional<Consumer<Progress>> onProgress, CallOptions options,
                     Consumer<JsonNode> tap) {
        return register(method, policy, onProgress, options, tap, NOT_TOLD);
    }

    /**
     * Like {@link #register(String, Deadline.Policy, Optional, CallOptions, Consumer)}; {@code onGivenUp}
     * receives the entry and the failure when the request is cancelled or times out, after the entry was
     * removed, on the thread that gave it up. One completion callback per request does both: a second one
     * cost an allocation and a dispatch on every call.
     */
    Pending register(String method, Deadline.Policy policy, Optional<Consumer<Progress>> onProgress, CallOptions options,
                     Consumer<JsonNode> tap, java.util.function.BiConsumer<Pending, Throwable> onGivenUp) {
        if (size.incrementAndGet() > maxPending) {
            size.decrementAndGet();
            throw new ServerUnavailableException(server, method + ": too many pending requests (limit "
                    + maxPending + "); the server is not keeping up");
        }
        RequestId id = RequestId.of(nextId.getAndIncrement());
        Pending entry = new Pending(id, method, new CompletableFuture<>(), onProgress, new Deadline(policy), options,
                new AtomicInteger(), tap);
        entry.deadline().onExpired(() -> entry.future().completeExceptionally(
                new McpTimeoutException(server, method + " (request " + id + ") " + entry.deadline().expiry())));
        boolean logs = options.onLog().isPresent();
        if (logs) {
            withLogListener.incrementAndGet();
        }
        pending.put(id, entry); // before joining the slot: its sweep must find the entry
        cover(entry.deadline().slotKey());
        entry.future().whenComplete((result, error) -> {
            entry.deadline().stop();
            if (pending.remove(id) != null) {
                size.decrementAndGet();
                if (logs) {
                    withLogListener.decrementAndGet();
                }
            }
            if (error instanceof java.util.concurrent.CancellationException || error instanceof McpTimeoutException) {
                if (tap != NO_TAP) {
                    linger(id, tap, policy.timeout());
                }
                onGivenUp.accept(entry, error);
            }
        });
        return entry;
    }

    /** A given-up request whose answer its tap still wants: kept for one more {@code timeout}, then forgotten. */
    private void linger(RequestId id, Consumer<JsonNode> tap, java.time.Duration timeout) {
        long now = System.nanoTime();
        late.values().removeIf(waiting -> waiting.untilNanos() - now < 0); // few entries: the rare given-up creating call
        late.put(id, new Late(tap, now + timeout.toNanos()));
    }

    /** Makes sure a slot sweeps this client when {@code key} comes due; usually one volatile read. */
    private void cover(long key) {
        DeadlineTimers.Slot slot = lastSlot;
        if (slot == null || slot.key() != key || slot.fired()) {
            lastSlot = DeadlineTimers.join(this, key);
        }
    }

    @Override
    public void sweep(long slotKey) {
        long now = System.nanoTime();
        for (Pending entry : pending.values()) {
            Deadline deadline = entry.deadline();
            if (deadline.slotKey() == slotKey && deadline.expireIfDue(now)) {
                cover(deadline.recover());
            }
        }
    }

    /** The pending request with this id, if still waiting. */
    Optional<Pending> get(RequestId id) {
        return Optional.ofNullable(pending.get(id));
    }

    /**
     * Completes the request; returns false when nothing waited for this id (late or bogus answer).
     * Cheap on the caller's (the reader's) thread: callers decode their results themselves
     * ({@link DecodedResult}), so what runs here is unparking them and the entry's bookkeeping.
     */
    boolean complete(RequestId id, JsonNode result) {
        Pending entry = pending.get(id);
        if (entry != null) {
            entry.tap().accept(result); // first: a caller giving up right now must find the answer there
            if (entry.future().complete(result)) {
                return true;
            }
            late.remove(id); // given up meanwhile: the tap has the answer
            return entry.tap() != NO_TAP;
        }
        Late waiting = late.remove(id);
        if (waiting != null) {
            waiting.tap().accept(result); // the answer to a request given up before it came
            return true;
        }
        return false;
    }

    /** Fails the request; returns false when nothing waited for this id. */
    boolean fail(RequestId id, McpException error) {
        Pending entry = pending.get(id);
        if (entry != null) {
            return entry.future().completeExceptionally(error);
        }
        return late.remove(id) != null; // a given-up request the server refused: it made nothing to undo
    }

    /** Fails every waiting request with the error the function makes for it. */
    void failAll(Function<Pending, McpException> error) {
        late.clear(); // the connection ended: no late answer will come
        List<Pending> all = new ArrayList<>(pending.values());
        for (Pending entry : all) {
            entry.future().completeExceptionally(error.apply(entry));
        }
    }

    /**
     * The waiting requests whose callers' options pass {@code which} (input handlers, a log listener of
     * their own), at most {@code limit} of them.
     */
    List<Pending> withOptions(java.util.function.Predicate<CallOptions> which, int limit) {
        List<Pending> found = new ArrayList<>(limit);
        for (Pending entry : pending.values()) {
            if (which.test(entry.options()) && !entry.future().isDone()) {
                found.add(entry);
                if (found.size() == limit) {
                    break;
                }
            }
        }
        return found;
    }

    /** Whether some waiting request has a log listener of its own. */
    boolean anyLogListener() {
        return withLogListener.get() > 0;
    }

    int size() {
        return size.get();
    }
}
