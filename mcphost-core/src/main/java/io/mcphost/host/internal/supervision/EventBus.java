package io.mcphost.host.internal.supervision;

import io.mcphost.host.HostEvent;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands events to the application's listeners on the raising thread; a listener that throws is logged
 * and skipped. Thread-safe (listeners added later see only later events); blocks only as long as the
 * listeners do.
 */
public final class EventBus {
    private static final Logger LOG = LoggerFactory.getLogger(EventBus.class);

    private final List<Consumer<HostEvent>> listeners;

    public EventBus(List<Consumer<HostEvent>> listeners) {
        this.listeners = new CopyOnWriteArrayList<>(listeners);
    }

    /** Adds a listener for the events raised from now on. */
    public void add(Consumer<HostEvent> listener) {
        listeners.add(listener);
    }

    /** Removes a listener added before; returns whether it was there. */
    public boolean remove(Consumer<HostEvent> listener) {
        return listeners.remove(listener);
    }

    /** Whether anyone listens, so that work done only for events (asking for progress) can be skipped. */
    public boolean hasListeners() {
        return !listeners.isEmpty();
    }

    /** Delivers {@code event} to every listener in order; never throws. */
    public void emit(HostEvent event) {
        for (Consumer<HostEvent> listener : listeners) {
            try {
                listener.accept(event);
            } catch (RuntimeException e) {
                LOG.warn("an McpHost event listener failed on {}", event.getClass().getSimpleName(), e);
            }
        }
    }
}
