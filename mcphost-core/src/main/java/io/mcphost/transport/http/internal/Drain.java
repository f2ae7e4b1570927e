package io.mcphost.transport.http.internal;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/** The end of a request's SSE stream after its answer: read on briefly, then cut off. */
final class Drain {
    private Drain() {
    }

    /** At most this long a request's stream is read on after its answer, waiting for the server to end it. */
    static final Duration DRAIN_GRACE = Duration.ofSeconds(2);
    // One daemon thread for all transports: it only closes streams whose server keeps them open too long.
    static final ScheduledThreadPoolExecutor DRAIN_TIMER = drainTimer();

    static ScheduledThreadPoolExecutor drainTimer() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, Thread.ofPlatform().daemon()
                .name("mcphost-http-drain").factory());
        timer.setRemoveOnCancelPolicy(true); // most streams end at once; their cut-offs must not pile up
        return timer;
    }

    /**
     * Reads a request's stream on to its end after the answer, which the server should send at once
     * (it SHOULD close the stream after the response), for at most {@link #DRAIN_GRACE}. Closing the
     * body early instead makes the JDK's client close the connection — sometimes after it already
     * handed that connection to the next request, which then fails with "header parser received no
     * bytes" (seen under a burst of 1,000 concurrent calls). Whatever still arrives is delivered.
     * Used by {@link StreamableHttpEngine} and {@link ModernPost}.
     */
    static void afterAnswer(SseReader reader, InputStream body, Exchanges exchanges, java.util.function.Consumer<SseEvent> deliver)
            throws IOException {
        ScheduledFuture<?> cutoff = DRAIN_TIMER.schedule(() -> exchanges.done(body), DRAIN_GRACE.toMillis(),
                TimeUnit.MILLISECONDS);
        try {
            SseEvent event;
            while ((event = reader.next()) != null) {
                deliver.accept(event);
            }
        } catch (IOException e) {
            if (!cutoff.isDone()) {
                throw e;
            }
            // Cut off by the grace period: the answer was delivered; the server merely kept the stream open.
        } finally {
            cutoff.cancel(false);
        }
    }

}
