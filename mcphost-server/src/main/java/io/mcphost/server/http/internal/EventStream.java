package io.mcphost.server.http.internal;

import io.mcphost.protocol.RequestId;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One logical stream of server messages in a session: the stream of a POST that carried requests,
 * or the session's standalone (GET) stream. The stream outlives the HTTP connections that carry it
 * (spec 2025-11-25, basic/transports, "Resumability and Redelivery"): every event is kept in a
 * bounded log, so a client that lost the connection can GET again with {@code Last-Event-ID} and
 * receive what it missed, on the same stream only.
 *
 * <p>At most one connection writes a stream at a time; attaching a new one detaches the old, whose
 * writer then ends its HTTP response. Writers run on the HTTP handler's virtual thread and never
 * hold the lock while writing, so a slow or vanished client delays nobody but itself. Thread-safe.
 */
final class EventStream {
    private static final Logger LOG = LoggerFactory.getLogger(EventStream.class);
    /** Events kept for replay; a client resuming later than this many events behind misses some. */
    static final int REPLAY_EVENTS = 1_000;
    /** An idle connection gets a comment this often, so a vanished client is noticed and its writer ends. */
    private static final Duration KEEP_ALIVE = Duration.ofSeconds(15);

    /** The identity of one HTTP connection writing this stream, and where it starts in the log. */
    static final class Attachment {
        private final long afterSeq;

        private Attachment(long afterSeq) {
            this.afterSeq = afterSeq;
        }
    }

    /** One SSE event; {@code data} is empty for the priming event. */
    private record Event(long seq, String data) {
    }

    private final int number;
    private final boolean sse;
    private final boolean standalone;
    private final Duration retry;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<Event> log = new ArrayDeque<>();
    private final Set<RequestId> outstanding;
    private long nextSeq;
    /** Every request of the stream has its response (or was cancelled): writers end after the last event. */
    private boolean complete;
    /** Before every event id: empty, or the origin of a replica's request stream and {@code ~}. */
    private final String idPrefix;
    /** The session is over: writers end now. */
    private boolean ended;
    private Attachment attached;
    /** Runs when a message other than a response is appended (once set; see {@link #onEvent}). */
    private Runnable onEvent;

    /**
     * @param number     the stream's number in its session, the first half of its event ids
     * @param sse        false for a JSON-mode POST, whose responses are collected, never streamed
     * @param standalone whether this is the session's GET stream
     * @param requests   the requests whose responses complete the stream (none for a GET stream)
     * @param prime      whether to start with an event that has an id and empty data (2025-11-25
     *                   clients); older clients may try to parse empty data as JSON
     */
    EventStream(int number, boolean sse, boolean standalone, Collection<RequestId> requests, boolean prime,
                Duration retry) {
        this(number, sse, standalone, requests, prime, retry, "");
    }

    /**
     * As above, with {@code idPrefix} before each event id: a replica's sealed origin and {@code ~}
     * when replicas share sessions, so that another replica knows where the stream is resumed.
     */
    EventStream(int number, boolean sse, boolean standalone, Collection<RequestId> requests, boolean prime,
                Duration retry, String idPrefix) {
        this.idPrefix = idPrefix;
        this.number = number;
        this.sse = sse;
        this.standalone = standalone;
        this.retry = retry;
        this.outstanding = new HashSet<>(requests);
        if (prime && sse) {
            log.add(new Event(nextSeq++, ""));
        }
    }

    int number() {
        return number;
    }

    boolean isSse() {
        return sse;
    }

    boolean isStandalone() {
        return standalone;
    }

    /** Appends a message (encoded JSON) for the client. Ignored once the session ended. */
    void append(String json) {
        Runnable react;
        lock.lock();
        try {
            if (ended) {
                return;
            }
            add(json);
            react = onEvent;
        } finally {
            lock.unlock();
        }
        if (react != null) {
            react.run();
        }
    }

    /**
     * Runs {@code action} whenever a message other than a response is appended from now on (on the
     * appending thread, outside the lock; it must not block): a response not written yet by anyone
     * learns that it must become an event stream now. Returns whether such a message is in the log
     * already (appended before the action was set), so that the caller acts on it at once.
     */
    boolean onEvent(Runnable action) {
        lock.lock();
        try {
            onEvent = action;
            for (Event e : log) {
                if (!e.data().isEmpty()) {
                    return true;
                }
            }
            return false;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The response, when it is all this stream ever had to say through {@code me}: the stream is
     * complete, {@code me} still carries it, and its log is the priming event (if any) and one response.
     * Then a POST that wrote nothing yet may answer with that response as plain JSON.
     */
    Optional<String> soleResponse(Attachment me) {
        lock.lock();
        try {
            if (!complete || ended || attached != me || log.isEmpty() || log.size() > 2) {
                return Optional.empty();
            }
            boolean primed = log.size() == 2;
            if (primed && !log.getFirst().data().isEmpty()) {
                return Optional.empty();
            }
            String last = log.getLast().data();
            return last.isEmpty() ? Optional.empty() : Optional.of(last);
        } finally {
            lock.unlock();
        }
    }

    /** Appends the response to one of this stream's requests; returns whether the stream is now complete. */
    boolean answer(RequestId id, String json) {
        lock.lock();
        try {
            if (!ended) {
                add(json);
            }
            return finish(id);
        } finally {
            lock.unlock();
        }
    }

    /** The client cancelled {@code id}: no response will come for it. Returns whether the stream is now complete. */
    boolean forget(RequestId id) {
        lock.lock();
        try {
            return finish(id);
        } finally {
            lock.unlock();
        }
    }

    private boolean finish(RequestId id) {
        outstanding.remove(id);
        if (outstanding.isEmpty() && !standalone) {
            complete = true;
            changed.signalAll();
        }
        return complete;
    }

    private void add(String json) {
        log.addLast(new Event(nextSeq++, json));
        if (log.size() > REPLAY_EVENTS) {
            log.removeFirst();
        }
        changed.signalAll();
    }

    boolean isComplete() {
        lock.lock();
        try {
            return complete;
        } finally {
            lock.unlock();
        }
    }

    boolean isAttached() {
        lock.lock();
        try {
            return attached != null;
        } finally {
            lock.unlock();
        }
    }

    /** Whether a connection is writing this stream and more messages may follow on it. */
    boolean isLive() {
        lock.lock();
        try {
            return attached != null && !complete && !ended;
        } finally {
            lock.unlock();
        }
    }

    /** Whether some request of this stream still waits for its response. */
    boolean hasOutstanding() {
        lock.lock();
        try {
            return !outstanding.isEmpty();
        } finally {
            lock.unlock();
        }
    }

    /** The SSE event id of sequence number {@code seq}: unique in the session, and names this stream. */
    String eventId(long seq) {
        return idPrefix + number + "-" + seq;
    }

    /**
     * Makes a new connection the writer of this stream, starting after {@code afterSeq} (-1 for the
     * whole log); the previous writer, if any, ends its response.
     */
    Attachment attach(long afterSeq) {
        lock.lock();
        try {
            attached = new Attachment(afterSeq);
            changed.signalAll();
            return attached;
        } finally {
            lock.unlock();
        }
    }

    /** Attaches only if no connection is writing this stream; null otherwise. */
    Attachment attachIfFree(long afterSeq) {
        lock.lock();
        try {
            return attached == null ? attach(afterSeq) : null;
        } finally {
            lock.unlock();
        }
    }

    /** Ends the current connection (its writer closes the response) but keeps the stream; returns whether one was attached. */
    boolean detach() {
        lock.lock();
        try {
            boolean was = attached != null;
            attached = null;
            changed.signalAll();
            return was;
        } finally {
            lock.unlock();
        }
    }

    /** The session ended: every writer and waiter returns now. */
    void end() {
        lock.lock();
        try {
            ended = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * For a JSON-mode POST: blocks until every request has its response, then returns the responses
     * in arrival order; returns an empty list if the session ended first.
     */
    List<String> awaitResponses() throws InterruptedException {
        lock.lock();
        try {
            while (!complete && !ended) {
                changed.await();
            }
            if (!complete) {
                return List.of();
            }
            List<String> responses = new ArrayList<>(log.size());
            log.forEach(e -> responses.add(e.data()));
            return responses;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Starts a {@code text/event-stream} response on {@code exchange} and writes this stream's events
     * to it until the stream is complete, the connection is replaced or dropped, the session
     * ends or the client goes away; then closes the exchange. Blocks the calling (virtual) thread
     * for that long.
     */
    void pump(Attachment me, Exchange exchange) {
        long cursor = me.afterSeq;
        boolean first = true;
        boolean retrySent = false;
        try {
            OutputStream out = Replies.startEventStream(exchange);
            while (true) {
                List<Event> batch = new ArrayList<>();
                boolean done;
                boolean idle = false;
                lock.lock();
                try {
                    while (!first && attached == me && !ended && !complete && !hasAfter(cursor)) {
                        if (!changed.await(KEEP_ALIVE.toNanos(), TimeUnit.NANOSECONDS)) {
                            idle = true;
                            break;
                        }
                    }
                    if (attached != me || ended) {
                        return; // replaced by a resuming connection, dropped, or the session is over
                    }
                    if (!idle) {
                        collect(cursor, batch);
                    }
                    long last = batch.isEmpty() ? cursor : batch.getLast().seq();
                    done = complete && (log.isEmpty() || last >= log.getLast().seq());
                } finally {
                    lock.unlock();
                }
                String text = idle ? SseFrames.KEEP_ALIVE : format(batch, retrySent);
                if (done) {
                    // The response and the end of the stream leave together (spec: after the response the
                    // server should terminate the stream).
                    exchange.endStream(out, text.getBytes(StandardCharsets.UTF_8));
                    return;
                }
                // The flush also pushes the headers out at once, before the first event exists.
                SseFrames.write(out, text);
                first = false;
                retrySent |= !batch.isEmpty();
                if (!batch.isEmpty()) {
                    cursor = batch.getLast().seq();
                }
            }
        } catch (IOException e) {
            LOG.debug("stream {}: the client went away: {}", number, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            lock.lock();
            try {
                if (attached == me) {
                    attached = null;
                }
            } finally {
                lock.unlock();
            }
            exchange.close();
        }
    }

    private boolean hasAfter(long cursor) {
        return !log.isEmpty() && log.getLast().seq() > cursor;
    }

    private void collect(long cursor, List<Event> batch) {
        if (!log.isEmpty() && log.getFirst().seq() > cursor + 1) {
            LOG.debug("stream {}: {} events after {} are no longer kept for replay", number,
                    log.getFirst().seq() - cursor - 1, eventId(cursor));
        }
        for (Event event : log) {
            if (event.seq() > cursor) {
                batch.add(event);
            }
        }
    }

    /**
     * SSE text. The first event of each connection carries the reconnection delay (retry field); it is
     * never sent alone, since a block without data is one more thing for old clients' parsers to trip on.
     */
    private String format(List<Event> batch, boolean retrySent) {
        if (batch.isEmpty()) {
            return "";
        }
        StringBuilder text = new StringBuilder();
        boolean withRetry = !retrySent;
        for (Event event : batch) {
            SseFrames.appendEvent(text, eventId(event.seq()), withRetry ? retry.toMillis() : -1, event.data());
            withRetry = false;
        }
        return text.toString();
    }
}
