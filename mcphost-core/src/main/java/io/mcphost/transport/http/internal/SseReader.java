package io.mcphost.transport.http.internal;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;

/**
 * Reads a {@code text/event-stream} body following the WHATWG event-stream interpretation rules:
 * lines end in CRLF, LF or CR; a leading BOM is skipped; {@code :} starts a comment; one space
 * after the colon is dropped; {@code data} lines join with {@code \n}; an {@code id} containing
 * NUL is ignored; {@code retry} counts only when all digits; an empty line dispatches the event,
 * unless it has no data; an event cut off by the end of the stream is discarded.
 *
 * <p>Bounded: a line or an event larger than {@code maxEventBytes} ends the read with an
 * {@link IOException} rather than buffering without limit. Not thread-safe: one reader thread.
 */
public final class SseReader {
    private final InputStream in;
    private final int maxEventBytes;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);
    private final StringBuilder data = new StringBuilder();
    private String type = "";
    /** The id of the last dispatched event: what a resumed stream continues from. */
    private String lastEventId = "";
    /** The id field of the event being read; it counts only once that event is dispatched. */
    private String idBuffer = "";
    private long retryMillis = -1;
    private boolean dataSeen;
    private boolean afterCr;
    private boolean first = true;

    public SseReader(InputStream in, int maxEventBytes) {
        this(in, maxEventBytes, "");
    }

    /** A reader of a resumed stream, which continues from {@code lastEventId}. */
    public SseReader(InputStream in, int maxEventBytes, String lastEventId) {
        this.in = in instanceof BufferedInputStream ? in : new BufferedInputStream(in, 8192);
        this.maxEventBytes = maxEventBytes;
        this.lastEventId = lastEventId;
        this.idBuffer = lastEventId;
    }

    /**
     * The id of the last event dispatched (set by its {@code id} field, or inherited from earlier events),
     * empty when none. An event cut off or refused as too large never counts, so a stream resumed from
     * here gets it again rather than silently skipping it.
     */
    public String lastEventId() {
        return lastEventId;
    }

    /** The reconnection delay the server asked for with {@code retry}, if it did. */
    public OptionalLong retryMillis() {
        return retryMillis < 0 ? OptionalLong.empty() : OptionalLong.of(retryMillis);
    }

    /**
     * Blocks for the next event.
     *
     * @return the event, or {@code null} at the end of the stream
     * @throws IOException if reading fails or an event exceeds the size limit
     */
    public SseEvent next() throws IOException {
        String text;
        while ((text = readLine()) != null) {
            if (text.isEmpty()) {
                SseEvent event = dispatch();
                if (event != null) {
                    return event;
                }
            } else {
                field(text);
            }
        }
        return null;
    }

    private SseEvent dispatch() {
        lastEventId = idBuffer; // WHATWG: set at dispatch, also for an event without data (a priming event)
        if (!dataSeen) {
            type = "";
            return null;
        }
        String joined = data.length() > 0 && data.charAt(data.length() - 1) == '\n'
                ? data.substring(0, data.length() - 1) : data.toString();
        SseEvent event = new SseEvent(type.isEmpty() ? "message" : type, joined, lastEventId);
        data.setLength(0);
        dataSeen = false;
        type = "";
        return event;
    }

    private void field(String text) throws IOException {
        if (text.charAt(0) == ':') {
            return;
        }
        int colon = text.indexOf(':');
        String name = colon < 0 ? text : text.substring(0, colon);
        String value = colon < 0 ? "" : text.substring(colon + 1);
        if (value.startsWith(" ")) {
            value = value.substring(1);
        }
        switch (name) {
            case "event" -> type = value;
            case "data" -> {
                if (data.length() + value.length() + 1 > maxEventBytes) {
                    throw new HttpErrors.TooLarge("a server-sent event is larger than " + maxEventBytes + " bytes");
                }
                data.append(value).append('\n');
                dataSeen = true;
            }
            case "id" -> {
                if (value.indexOf('\0') < 0) {
                    idBuffer = value;
                }
            }
            case "retry" -> {
                if (!value.isEmpty() && value.length() < 18 && value.chars().allMatch(c -> c >= '0' && c <= '9')) {
                    retryMillis = Long.parseLong(value);
                }
            }
            default -> {
                // Unknown fields are ignored, as the standard requires.
            }
        }
    }

    /** One line without its terminator, or null at the end of the stream (a partial last line is dropped). */
    private String readLine() throws IOException {
        line.reset();
        while (true) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            if (afterCr) {
                afterCr = false;
                if (b == '\n') {
                    continue;
                }
            }
            if (b == '\r' || b == '\n') {
                afterCr = b == '\r';
                return decode();
            }
            if (line.size() >= maxEventBytes) {
                throw new HttpErrors.TooLarge("a server-sent event line is longer than " + maxEventBytes + " bytes");
            }
            line.write(b);
        }
    }

    private String decode() {
        String text = line.toString(StandardCharsets.UTF_8);
        if (first) {
            first = false;
            if (text.startsWith("\uFEFF")) {
                text = text.substring(1);
            }
        }
        return text;
    }
}
