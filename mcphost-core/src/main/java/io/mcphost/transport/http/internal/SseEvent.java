package io.mcphost.transport.http.internal;

/**
 * One dispatched server-sent event.
 *
 * @param type the {@code event} field, {@code "message"} when the server sent none
 * @param data the data lines joined with {@code \n}
 * @param id   the stream's last event id when the event was dispatched, empty when none was set
 */
public record SseEvent(String type, String data, String id) {
}
