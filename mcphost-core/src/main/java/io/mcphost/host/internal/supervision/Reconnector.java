package io.mcphost.host.internal.supervision;

import io.mcphost.host.HostEvent;
import io.mcphost.host.ReconnectPolicy;
import java.time.Duration;
import java.time.Instant;

/**
 * The backoff loop of one lost server, on its own virtual thread: waits each attempt's delay, then
 * tries to connect generation {@code gen} again, until it succeeds, the attempts run out, or a stop or
 * restart takes the generation over (it interrupts the loop with {@link #cancel()}).
 */
final class Reconnector {
    private final ManagedServer server;
    private final long generation;
    private final int firstAttempt;
    private final Thread thread;

    private Reconnector(ManagedServer server, long generation, int firstAttempt) {
        this.server = server;
        this.generation = generation;
        this.firstAttempt = firstAttempt;
        this.thread = Thread.ofVirtual().name("mcphost-reconnect-" + server.name()).unstarted(this::run);
    }

    /**
     * Starts reconnecting {@code server}'s generation {@code gen} at attempt {@code firstAttempt} (above 1
     * when the connection died again before it was stable: the backoff goes on where it was); returns at once.
     */
    static Reconnector start(ManagedServer server, long gen, int firstAttempt) {
        Reconnector r = new Reconnector(server, gen, firstAttempt);
        r.thread.start();
        return r;
    }

    /** Stops the loop at its next wait; an attempt in progress is left to notice that its generation is gone. */
    void cancel() {
        thread.interrupt();
    }

    private void run() {
        ReconnectPolicy policy = server.host().settings().reconnect();
        int max = policy.maxAttempts();
        for (int attempt = firstAttempt; attempt <= max; attempt++) {
            Duration delay = policy.delay(attempt);
            server.reconnectAttempt(attempt);
            server.host().events().emit(new HostEvent.ServerReconnecting(Instant.now(), server.name(), attempt, delay));
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                return; // stopped or restarted: the new owner of the generation takes over
            }
            if (!server.current(generation, attempt)) {
                return;
            }
            server.host().events().emit(new HostEvent.ServerStarting(Instant.now(), server.name(), attempt));
            if (server.connect(generation, attempt)) {
                return;
            }
        }
        server.gaveUpReconnecting(generation, max);
    }
}
