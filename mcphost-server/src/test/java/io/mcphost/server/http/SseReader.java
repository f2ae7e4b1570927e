package io.mcphost.server.http;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Test driver: the minimal part of the SSE format (id, retry, data, comments) a test needs to see
 * what the server wrote, event by event. Not thread-safe.
 */
final class SseReader implements AutoCloseable {
    /** One event; {@code data} is empty for a priming event. */
    record Event(Optional<String> id, Optional<Long> retryMillis, String data) {
    }

    private final BufferedReader reader;

    SseReader(InputStream body) {
        this.reader = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
    }

    /** The next event, or empty when the stream ended; blocks until one arrives. */
    Optional<Event> next() {
        try {
            String id = null;
            Long retry = null;
            List<String> data = new ArrayList<>();
            boolean any = false;
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isEmpty()) {
                    if (any) {
                        return Optional.of(new Event(Optional.ofNullable(id), Optional.ofNullable(retry), String.join("\n", data)));
                    }
                    continue;
                }
                if (line.startsWith(":")) {
                    continue;
                }
                int colon = line.indexOf(':');
                String field = colon < 0 ? line : line.substring(0, colon);
                String value = colon < 0 ? "" : line.substring(colon + 1).replaceFirst("^ ", "");
                switch (field) {
                    case "id" -> { id = value; any = true; }
                    case "retry" -> { retry = Long.parseLong(value); any = true; }
                    case "data" -> { data.add(value); any = true; }
                    default -> { }
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The next event that carries a message, skipping priming and retry-only events. */
    Optional<Event> nextMessage() {
        Optional<Event> event;
        do {
            event = next();
        } while (event.isPresent() && event.get().data().isEmpty());
        return event;
    }

    /** Every remaining message until the server ends the stream. */
    List<Event> rest() {
        List<Event> events = new ArrayList<>();
        for (Optional<Event> e = nextMessage(); e.isPresent(); e = nextMessage()) {
            events.add(e.get());
        }
        return events;
    }

    @Override
    public void close() {
        try {
            reader.close();
        } catch (IOException ignored) {
            // the test is done with the stream either way
        }
    }
}
