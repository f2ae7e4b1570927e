package io.mcphost.protocol.internal;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The writing half of {@link PlainJson}: a growable byte buffer with the writes JSON needs, for trees
 * and strings in their plain shapes, byte for byte what Jackson's generator writes for them
 * ({@code PlainJsonTest} compares both); whatever is not plain, a write declines by returning false,
 * and the caller writes the whole message with the generator instead. Not thread-safe; one per message.
 */
final class PlainJsonOut {
    private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);
    /** For ASCII: 0 = written as is; otherwise the letter of its short escape, or 'u' for \\u00XX. */
    private static final byte[] ESCAPES = new byte[128];

    static {
        Arrays.fill(ESCAPES, 0, 32, (byte) 'u');
        ESCAPES['"'] = '"';
        ESCAPES['\\'] = '\\';
        ESCAPES['\b'] = 'b';
        ESCAPES['\t'] = 't';
        ESCAPES['\f'] = 'f';
        ESCAPES['\n'] = 'n';
        ESCAPES['\r'] = 'r';
    }

    private byte[] bytes;
    private int size;

    PlainJsonOut(int capacity) {
        bytes = new byte[capacity];
    }

    void raw(byte b) {
        if (size == bytes.length) {
            bytes = Arrays.copyOf(bytes, bytes.length * 2);
        }
        bytes[size++] = b;
    }

    void ascii(String s) {
        int n = s.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            bytes[size++] = (byte) s.charAt(i);
        }
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }

    byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }

    /**
     * Writes {@code s} as a JSON string, escaped as Jackson's generator escapes; false (and the
     * buffer in an unspecified state) for a string holding a lone surrogate.
     */
    boolean string(String s) {
        int n = s.length();
        ensure(n + 2);
        bytes[size++] = '"';
        // The plain run first (ASCII needing no escape: one byte each, the room ensured above), in locals:
        // a 4 MiB text is copied in a tight loop. The rest, escapes and multi-byte characters, below.
        byte[] out = bytes;
        int at = size;
        int i = 0;
        for (; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80 || ESCAPES[c] != 0) {
                break;
            }
            out[at++] = (byte) c;
        }
        size = at;
        for (; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                byte escape = ESCAPES[c];
                if (escape == 0) {
                    raw((byte) c);
                } else if (escape == 'u') {
                    ascii("\\u00");
                    raw(HEX[c >> 4]);
                    raw(HEX[c & 0xF]);
                } else {
                    raw((byte) '\\');
                    raw(escape);
                }
            } else if (c < 0x800) {
                raw((byte) (0xC0 | (c >> 6)));
                raw((byte) (0x80 | (c & 0x3F)));
            } else if (!Character.isSurrogate(c)) {
                raw((byte) (0xE0 | (c >> 12)));
                raw((byte) (0x80 | ((c >> 6) & 0x3F)));
                raw((byte) (0x80 | (c & 0x3F)));
            } else {
                if (!Character.isHighSurrogate(c) || i + 1 == n || !Character.isLowSurrogate(s.charAt(i + 1))) {
                    return false;
                }
                int cp = Character.toCodePoint(c, s.charAt(++i));
                raw((byte) (0xF0 | (cp >> 18)));
                raw((byte) (0x80 | ((cp >> 12) & 0x3F)));
                raw((byte) (0x80 | ((cp >> 6) & 0x3F)));
                raw((byte) (0x80 | (cp & 0x3F)));
            }
        }
        raw((byte) '"');
        return true;
    }

    void number(long value) {
        ascii(Long.toString(value));
    }

    /**
     * Writes {@code node} as compact JSON; false (and the buffer in an unspecified state) when the
     * tree holds anything but objects, arrays, strings, int and long numbers, booleans and null.
     */
    boolean tree(JsonNode node) {
        return tree(node, 0);
    }

    /** {@link #tree(JsonNode)} at nesting {@code depth}: deeper than {@link PlainJson#MAX_DEPTH}, or a cycle, declines. */
    private boolean tree(JsonNode node, int depth) {
        if (depth > PlainJson.MAX_DEPTH) {
            return false; // the generator's depth limit and its error decide
        }
        switch (node.getNodeType()) {
            case OBJECT -> {
                raw((byte) '{');
                boolean first = true;
                for (Map.Entry<String, JsonNode> property : node.properties()) {
                    if (!first) {
                        raw((byte) ',');
                    }
                    first = false;
                    if (!string(property.getKey())) {
                        return false;
                    }
                    raw((byte) ':');
                    if (!tree(property.getValue(), depth + 1)) {
                        return false;
                    }
                }
                raw((byte) '}');
                return true;
            }
            case ARRAY -> {
                raw((byte) '[');
                boolean first = true;
                for (JsonNode element : node) {
                    if (!first) {
                        raw((byte) ',');
                    }
                    first = false;
                    if (!tree(element, depth + 1)) {
                        return false;
                    }
                }
                raw((byte) ']');
                return true;
            }
            case STRING -> {
                return string(node.stringValue());
            }
            case NUMBER -> {
                return switch (node.numberType()) {
                    case INT, LONG -> {
                        number(node.longValue());
                        yield true;
                    }
                    default -> false; // floats, big numbers: the generator's formatting
                };
            }
            case BOOLEAN -> {
                ascii(node.booleanValue() ? "true" : "false");
                return true;
            }
            case NULL -> {
                ascii("null");
                return true;
            }
            default -> {
                return false; // missing, binary, POJO: the generator's (and the mapper's) business
            }
        }
    }
}
