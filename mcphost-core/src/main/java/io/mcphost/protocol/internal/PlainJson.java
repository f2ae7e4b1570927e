package io.mcphost.protocol.internal;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * JSON trees read from UTF-8 bytes directly (and, by {@link PlainJsonOut}, written to them), for the
 * plain JSON nearly every message is, with no Jackson parser or generator in between: creating one per
 * message (its context, buffers and symbol table) and driving it token by token was a fifth of a stdio
 * client's CPU per call at 200k calls a second, and the reading half ran on the connection's one reader
 * thread, serially.
 *
 * <p>Never a second opinion on JSON: whatever is not plain, this declines ({@code null} or
 * {@code false}), and the caller does it with Jackson, whose trees, bytes, limits and error messages
 * stay the only ones. Plain means:
 * <ul>
 *   <li>reading: one value, objects, arrays, strings (escapes included; no surrogate escapes, no raw
 *       control characters), integers of up to 18 digits, decimals and exponents of up to 64
 *       characters within a double's range, {@code true}, {@code false}, {@code null}; nesting up to {@link #MAX_DEPTH}; names up
 *       to {@link #MAX_NAME_BYTES} and strings up to {@link #MAX_STRING_BYTES} bytes;
 *       any byte that is not strict UTF-8 declines. Trees are node for node those of
 *       {@link JsonTrees#read}: the same node classes, the last of repeated names winning;</li>
 *   <li>writing: objects, arrays, strings without lone surrogates, int and long numbers, booleans,
 *       null, nested up to {@link #MAX_DEPTH} (a cycle declines too); bytes exactly those
 *       {@link JsonTrees#write} makes through the generator.</li>
 * </ul>
 * {@code PlainJsonTest} checks both against Jackson, on chosen and on random input.
 *
 * <p>Reading is stateless and thread-safe.
 */
final class PlainJson {
    /** Deeper nesting is left to Jackson, whose stream constraints bound it. */
    static final int MAX_DEPTH = 64;
    private static final int MAX_NUMBER_CHARS = 64;
    /**
     * Longer names and strings are left to Jackson, whose stream constraints bound them (50,000 and
     * 100,000,000 characters in Jackson 3.1; a character takes at least one byte).
     */
    static final int MAX_NAME_BYTES = 40_000;
    static final int MAX_STRING_BYTES = 50_000_000;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /**
     * Names and values every message repeats, returned as these very strings instead of new ones: no
     * allocation, and a hash code already computed for the object node's map. Found by a slot of
     * length, first and last byte, then compared whole.
     */
    private static final String[][] COMMON = common("jsonrpc", "2.0", "id", "method", "params", "result", "error",
            "code", "message", "data", "_meta", "progressToken", "progress", "total", "content", "type", "text",
            "isError", "structuredContent", "resultType", "complete", "name", "arguments", "tools", "nextCursor",
            "cursor", "description", "inputSchema", "outputSchema", "annotations", "title", "properties", "object",
            "string", "required", "requestId", "reason", "uri", "mimeType", "resources", "prompts");
    private static final int COMMON_SLOTS = 256;

    private PlainJson() {
    }

    private static String[][] common(String... words) {
        String[][] slots = new String[COMMON_SLOTS][0];
        for (String word : words) {
            int slot = slot(word.length(), (byte) word.charAt(0), (byte) word.charAt(word.length() - 1));
            String[] same = Arrays.copyOf(slots[slot], slots[slot].length + 1);
            same[same.length - 1] = word;
            slots[slot] = same;
        }
        return slots;
    }

    private static int slot(int length, byte first, byte last) {
        return (length * 31 + first * 7 + last) & (COMMON_SLOTS - 1);
    }

    /** The common string with these ASCII bytes, or null. */
    private static String common(byte[] in, int from, int length) {
        if (length == 0) {
            return null;
        }
        for (String word : COMMON[slot(length, in[from], in[from + length - 1])]) {
            if (word.length() == length && matches(in, from, word)) {
                return word;
            }
        }
        return null;
    }

    private static boolean matches(byte[] in, int from, String word) {
        for (int i = 0; i < word.length(); i++) {
            if (in[from + i] != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    // ---- reading ---------------------------------------------------------------------------------

    /** Thrown inside the reader to decline; never escapes this class. */
    private static final class NotPlain extends RuntimeException {
        private static final NotPlain INSTANCE = new NotPlain();

        private NotPlain() {
            super(null, null, false, false);
        }
    }

    /**
     * The tree of the single JSON value in {@code utf8[offset, offset + length)}, or null when the
     * bytes are not plain JSON (including when they are not JSON at all): then Jackson must read them.
     */
    static JsonNode read(byte[] utf8, int offset, int length) {
        try {
            Reader reader = new Reader(utf8, offset, offset + length);
            reader.skipSpace();
            if (reader.pos == reader.end) {
                return null; // no value: Jackson's missing node
            }
            JsonNode value = reader.value(0);
            reader.skipSpace();
            return reader.pos == reader.end ? value : null;
        } catch (NotPlain e) {
            return null;
        }
    }

    private static final class Reader {
        final byte[] in;
        final int end;
        int pos;

        Reader(byte[] in, int start, int end) {
            this.in = in;
            this.pos = start;
            this.end = end;
        }

        void skipSpace() {
            while (pos < end) {
                byte b = in[pos];
                if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                    return;
                }
                pos++;
            }
        }

        /** The byte at {@code index}, which must be inside the value's bytes; declines past them. */
        private byte at(int index) {
            if (index >= end) {
                throw NotPlain.INSTANCE;
            }
            return in[index];
        }

        /** The next byte, past white space; declines at the end. */
        byte peek() {
            skipSpace();
            if (pos >= end) {
                throw NotPlain.INSTANCE;
            }
            return in[pos];
        }

        JsonNode value(int depth) {
            byte b = peek();
            return switch (b) {
                case '{' -> object(depth + 1);
                case '[' -> array(depth + 1);
                case '"' -> NODES.stringNode(string(false));
                case 't' -> literal("true", NODES.booleanNode(true));
                case 'f' -> literal("false", NODES.booleanNode(false));
                case 'n' -> literal("null", NODES.nullNode());
                default -> number();
            };
        }

        private ObjectNode object(int depth) {
            if (depth > MAX_DEPTH) {
                throw NotPlain.INSTANCE;
            }
            pos++; // '{'
            ObjectNode object = NODES.objectNode();
            if (peek() == '}') {
                pos++;
                return object;
            }
            while (true) {
                if (peek() != '"') {
                    throw NotPlain.INSTANCE;
                }
                String name = string(true);
                if (peek() != ':') {
                    throw NotPlain.INSTANCE;
                }
                pos++;
                object.set(name, value(depth)); // a repeated name: the last wins, as in JsonTrees
                byte next = peek();
                pos++;
                if (next == '}') {
                    return object;
                }
                if (next != ',') {
                    throw NotPlain.INSTANCE;
                }
            }
        }

        private ArrayNode array(int depth) {
            if (depth > MAX_DEPTH) {
                throw NotPlain.INSTANCE;
            }
            pos++; // '['
            ArrayNode array = NODES.arrayNode();
            if (peek() == ']') {
                pos++;
                return array;
            }
            while (true) {
                array.add(value(depth));
                byte next = peek();
                pos++;
                if (next == ']') {
                    return array;
                }
                if (next != ',') {
                    throw NotPlain.INSTANCE;
                }
            }
        }

        private JsonNode literal(String word, JsonNode node) {
            int n = word.length();
            if (pos + n > end) {
                throw NotPlain.INSTANCE;
            }
            for (int i = 0; i < n; i++) {
                if (in[pos + i] != word.charAt(i)) {
                    throw NotPlain.INSTANCE;
                }
            }
            pos += n;
            if (pos < end && isWordByte(in[pos])) {
                throw NotPlain.INSTANCE; // "nullx", "true1": not JSON
            }
            return node;
        }

        /** A string at {@code pos} (its opening quote); {@code pos} ends past the closing quote. */
        String string(boolean name) {
            int start = pos + 1;
            byte[] bytes = in; // locals: a 4 MiB string is scanned in a tight loop
            int limit = end;
            int i = start;
            boolean ascii = true;
            while (true) {
                if (i >= limit) {
                    throw NotPlain.INSTANCE;
                }
                byte b = bytes[i];
                if (b == '"') {
                    break;
                }
                if (b == '\\') {
                    pos = i;
                    return escapedString(start, name);
                }
                if (b >= 0 && b < 0x20) {
                    throw NotPlain.INSTANCE; // a raw control character: Jackson refuses it, with its message
                }
                if (b < 0) {
                    ascii = false;
                }
                i++;
            }
            pos = i + 1;
            checkLength(start, i, name);
            if (!ascii) {
                return utf8(start, i);
            }
            String known = common(bytes, start, i - start);
            return known != null ? known : new String(bytes, start, i - start, StandardCharsets.ISO_8859_1);
        }

        /** Declines a name or string past the lengths Jackson checks, so that its limits and errors decide. */
        private static void checkLength(int start, int stop, boolean name) {
            if (stop - start > (name ? MAX_NAME_BYTES : MAX_STRING_BYTES)) {
                throw NotPlain.INSTANCE;
            }
        }

        /** The rest of a string holding escapes, from its first byte at {@code start}. */
        private String escapedString(int start, boolean name) {
            StringBuilder text = new StringBuilder(pos - start + 16);
            int run = start; // the bytes since the last escape, decoded together
            while (true) {
                byte b = at(pos);
                if (b == '"') {
                    checkLength(start, pos, name);
                    appendUtf8(text, run, pos);
                    pos++;
                    return text.toString();
                }
                if (b >= 0 && b < 0x20) {
                    throw NotPlain.INSTANCE;
                }
                if (b != '\\') {
                    pos++;
                    continue;
                }
                appendUtf8(text, run, pos);
                byte e = at(pos + 1);
                pos += 2;
                switch (e) {
                    case '"' -> text.append('"');
                    case '\\' -> text.append('\\');
                    case '/' -> text.append('/');
                    case 'b' -> text.append('\b');
                    case 'f' -> text.append('\f');
                    case 'n' -> text.append('\n');
                    case 'r' -> text.append('\r');
                    case 't' -> text.append('\t');
                    case 'u' -> {
                        char c = (char) ((hex(at(pos)) << 12) | (hex(at(pos + 1)) << 8) | (hex(at(pos + 2)) << 4) | hex(at(pos + 3)));
                        if (Character.isSurrogate(c)) {
                            throw NotPlain.INSTANCE; // pairs and lone halves: Jackson's rules
                        }
                        text.append(c);
                        pos += 4;
                    }
                    default -> throw NotPlain.INSTANCE;
                }
                run = pos;
            }
        }

        private void appendUtf8(StringBuilder text, int from, int to) {
            if (to > from) {
                text.append(utf8(from, to));
            }
        }

        /** Strict UTF-8 only: the JDK's decoder replaces what is malformed, and anything replaced declines. */
        private String utf8(int from, int to) {
            String s = new String(in, from, to - from, StandardCharsets.UTF_8);
            if (s.indexOf('\uFFFD') >= 0) {
                throw NotPlain.INSTANCE; // malformed, or a real U+FFFD: either way, Jackson decides
            }
            return s;
        }

        private static int hex(byte b) {
            if (b >= '0' && b <= '9') {
                return b - '0';
            }
            if (b >= 'a' && b <= 'f') {
                return b - 'a' + 10;
            }
            if (b >= 'A' && b <= 'F') {
                return b - 'A' + 10;
            }
            throw NotPlain.INSTANCE;
        }

        /** A number as JSON's grammar has it; integers as {@code JsonTrees} types them, others as doubles. */
        private JsonNode number() {
            int start = pos;
            if (in[pos] == '-') {
                pos++;
            }
            int intStart = pos;
            byte first = at(pos);
            if (first == '0') {
                pos++;
            } else if (first >= '1' && first <= '9') {
                while (pos < end && isDigit(in[pos])) {
                    pos++;
                }
            } else {
                throw NotPlain.INSTANCE;
            }
            int intDigits = pos - intStart;
            boolean integral = true;
            if (pos < end && in[pos] == '.') {
                integral = false;
                pos++;
                digits();
            }
            if (pos < end && (in[pos] == 'e' || in[pos] == 'E')) {
                integral = false;
                pos++;
                if (pos < end && (in[pos] == '+' || in[pos] == '-')) {
                    pos++;
                }
                digits();
            }
            if (pos < end && isWordByte(in[pos])) {
                throw NotPlain.INSTANCE;
            }
            if (integral) {
                if (intDigits > 18) {
                    throw NotPlain.INSTANCE; // may need a BigInteger: Jackson's call
                }
                long value = 0;
                for (int i = intStart; i < pos; i++) {
                    value = value * 10 + (in[i] - '0');
                }
                value = in[start] == '-' ? -value : value;
                // As the parser types them: INT when it fits (up to 10 digits), LONG beyond.
                return value == (int) value ? NODES.numberNode((int) value) : NODES.numberNode(value);
            }
            if (pos - start > MAX_NUMBER_CHARS) {
                throw NotPlain.INSTANCE;
            }
            double value = Double.parseDouble(new String(in, start, pos - start, StandardCharsets.ISO_8859_1));
            if (Double.isInfinite(value)) {
                throw NotPlain.INSTANCE; // beyond a double's range: JsonTrees keeps the exact decimal
            }
            return NODES.numberNode(value);
        }

        private void digits() {
            int first = pos;
            while (pos < end && isDigit(in[pos])) {
                pos++;
            }
            if (pos == first) {
                throw NotPlain.INSTANCE;
            }
        }

        private static boolean isDigit(byte b) {
            return b >= '0' && b <= '9';
        }

        /** A byte that may not directly follow a literal or number. */
        private static boolean isWordByte(byte b) {
            return (b >= '0' && b <= '9') || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || b == '.' || b == '-'
                    || b == '+' || b == '_' || b < 0;
        }
    }
}
