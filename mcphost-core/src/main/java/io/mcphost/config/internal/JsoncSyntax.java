package io.mcphost.config.internal;

import java.util.Optional;

/**
 * Finds the first syntax error of a configuration text, and says it as a person reads it: the line and
 * column, what was expected there and what was found ({@code expected ',' or '}' after an object member,
 * found '"'}). The language is the one the loader's parser accepts: JSON with {@code //} and
 * {@code /* *}{@code /} comments and trailing commas, nested at most {@code maxDepth} deep. Asked only
 * once the parser has refused a text, so that its message need not carry the parser's internals.
 *
 * <p>Lines are counted from 1 ({@code \n}, {@code \r\n} and a lone {@code \r} each end one), columns from
 * 1 in UTF-16 units, as editors such as VS Code count them. Quotes no string from the text (a value may be
 * a token): only a short bare word, a single character, or a member name. Iterative, linear in the
 * text's length, and never throws. Thread-safe: each call scans with state of its own.
 */
final class JsoncSyntax {
    /** Where the first error is, 1-based, and what is wrong there. */
    record Problem(int line, int column, String what) {
    }

    private static final String VALUE = "a value (a string, number, object, array, true, false or null)";
    // A bare word longer than this is quoted no more: it may be a secret someone forgot to put in quotes.
    private static final int WORD = 12;
    private static final int NAME = 40;

    private final String text;
    private final int n;
    private final int maxDepth;
    private final int[] open; // index of each open '{' or '[', innermost last
    private int depth;
    private int pos;
    private Problem problem;

    private JsoncSyntax(String text, int maxDepth) {
        this.text = text;
        this.n = text.length();
        this.maxDepth = maxDepth;
        this.open = new int[Math.max(maxDepth, 0) + 1];
    }

    /** The first syntax error of {@code text}, or empty when it is well-formed (an empty text, or comments alone, is). */
    static Optional<Problem> firstProblem(String text, int maxDepth) {
        JsoncSyntax scan = new JsoncSyntax(text, maxDepth);
        scan.document();
        return Optional.ofNullable(scan.problem);
    }

    private enum Next { VALUE, NAME, AFTER_VALUE }

    private void document() {
        if (!skip()) {
            return;
        }
        if (pos == n) {
            return; // nothing but white space and comments: the loader says it holds no object
        }
        Next next = Next.VALUE;
        while (problem == null && next != null) {
            switch (next) {
                case VALUE -> next = value();
                case NAME -> next = name();
                case AFTER_VALUE -> {
                    if (depth == 0) {
                        if (skip() && pos < n) {
                            fail(pos, "expected the end of the file after the top-level value, found " + found(pos)
                                    + (text.charAt(pos) == '}' || text.charAt(pos) == ']' ? " (one too many?)" : ""));
                        }
                        return;
                    }
                    next = afterValue();
                }
            }
        }
    }

    /** A value: a scalar (then what follows it), or the opening of an object or array. */
    private Next value() {
        if (!skip()) {
            return null;
        }
        if (pos == n) {
            return fail(pos, "expected " + VALUE + ", found " + found(pos));
        }
        char c = text.charAt(pos);
        switch (c) {
            case '{', '[' -> {
                if (!push()) {
                    return null;
                }
                if (!skip()) {
                    return null;
                }
                if (pos < n && text.charAt(pos) == (c == '{' ? '}' : ']')) {
                    pos++;
                    depth--;
                    return Next.AFTER_VALUE;
                }
                return c == '{' ? Next.NAME : Next.VALUE;
            }
            case '"' -> {
                return string() ? Next.AFTER_VALUE : null;
            }
            default -> {
                if (c == '-' || isDigit(c)) {
                    return number() ? Next.AFTER_VALUE : null;
                }
                for (String literal : new String[] {"true", "false", "null"}) {
                    if (text.startsWith(literal, pos) && !isWordChar(pos + literal.length())) {
                        pos += literal.length();
                        return Next.AFTER_VALUE;
                    }
                }
                return fail(pos, "expected " + VALUE + ", found " + found(pos));
            }
        }
    }

    /** A member's name and its colon, or (after a comma) the object's end. */
    private Next name() {
        if (!skip()) {
            return null;
        }
        if (pos < n && text.charAt(pos) == '}') {
            pos++;
            depth--;
            return Next.AFTER_VALUE; // a trailing comma, which JSONC allows
        }
        if (pos == n || text.charAt(pos) != '"') {
            return fail(pos, "expected a member name in double quotes or '}', found " + found(pos));
        }
        int start = pos;
        if (!string()) {
            return null;
        }
        String name = text.substring(start + 1, pos - 1);
        if (!skip()) {
            return null;
        }
        if (pos == n || text.charAt(pos) != ':') {
            return fail(pos, "expected ':' after the member name \"" + shorten(name) + "\", found " + found(pos));
        }
        pos++;
        return Next.VALUE;
    }

    /** Inside an object or array, after a value: a comma or the container's end. */
    private Next afterValue() {
        if (!skip()) {
            return null;
        }
        boolean object = text.charAt(open[depth - 1]) == '{';
        char close = object ? '}' : ']';
        if (pos < n && text.charAt(pos) == ',') {
            pos++;
            if (object) {
                return Next.NAME;
            }
            if (!skip()) {
                return null;
            }
            if (pos < n && text.charAt(pos) == ']') {
                pos++;
                depth--;
                return Next.AFTER_VALUE; // a trailing comma
            }
            return Next.VALUE;
        }
        if (pos < n && text.charAt(pos) == close) {
            pos++;
            depth--;
            return Next.AFTER_VALUE;
        }
        return fail(pos, object ? "expected ',' or '}' after an object member, found " + found(pos)
                : "expected ',' or ']' after an array element, found " + found(pos));
    }

    private boolean push() {
        if (depth >= maxDepth) {
            fail(pos, "found '" + text.charAt(pos) + "' nested deeper than the " + maxDepth + " levels allowed");
            return false;
        }
        open[depth++] = pos++;
        return true;
    }

    /** A string from its opening quote (at {@code pos}) to just after its closing one. */
    private boolean string() {
        int start = pos++;
        while (pos < n) {
            char c = text.charAt(pos);
            if (c == '"') {
                pos++;
                return true;
            }
            if (c == '\n' || c == '\r') {
                break;
            }
            if (c < 0x20) {
                fail(pos, "found the control character " + codePoint(c) + " inside a string (write it as an escape,"
                        + " such as " + (c == '\t' ? "\\t" : "\\u" + String.format("%04X", (int) c)) + ")");
                return false;
            }
            if (c == '\\') {
                pos++;
                if (pos == n) {
                    break;
                }
                char e = text.charAt(pos);
                if (e == 'u') {
                    for (int i = 1; i <= 4; i++) {
                        if (pos + i >= n || Character.digit(text.charAt(pos + i), 16) < 0) {
                            fail(pos + i, "expected four hex digits after '\\u', found " + character(pos + i));
                            return false;
                        }
                    }
                    pos += 4;
                } else if ("\"\\/bfnrt".indexOf(e) < 0) {
                    fail(pos, "expected an escape after '\\' (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX), found "
                            + character(pos) + " (a backslash itself is written \\\\, as in C:\\\\Users)");
                    return false;
                }
            }
            pos++;
        }
        fail(pos, "expected '\"' to close the string that starts at " + at(start) + ", found "
                + (pos == n ? "the end of the file" : "the end of the line"));
        return false;
    }

    /** A number as JSON writes it: {@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?}. */
    private boolean number() {
        int start = pos;
        if (text.charAt(pos) == '-') {
            pos++;
            if (pos == n || !isDigit(text.charAt(pos))) {
                fail(pos, "expected a digit after '-', found " + found(pos));
                return false;
            }
        }
        if (text.charAt(pos) == '0' && pos + 1 < n && isDigit(text.charAt(pos + 1))) {
            fail(start, "a number cannot start with a leading zero");
            return false;
        }
        digits();
        if (pos < n && text.charAt(pos) == '.') {
            pos++;
            if (pos == n || !isDigit(text.charAt(pos))) {
                fail(pos, "expected a digit after the decimal point, found " + found(pos));
                return false;
            }
            digits();
        }
        if (pos < n && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
            pos++;
            if (pos < n && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
                pos++;
            }
            if (pos == n || !isDigit(text.charAt(pos))) {
                fail(pos, "expected a digit in the exponent, found " + found(pos));
                return false;
            }
            digits();
        }
        return true;
    }

    private void digits() {
        while (pos < n && isDigit(text.charAt(pos))) {
            pos++;
        }
    }

    /** Skips white space and comments; false (with the problem set) at a comment that is not one. */
    private boolean skip() {
        while (pos < n) {
            char c = text.charAt(pos);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                pos++;
            } else if (c == '/') {
                if (pos + 1 < n && text.charAt(pos + 1) == '/') {
                    int end = pos + 2;
                    while (end < n && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
                        end++;
                    }
                    if (!commentText(pos + 2, end)) {
                        return false;
                    }
                    pos = end;
                } else if (pos + 1 < n && text.charAt(pos + 1) == '*') {
                    int end = text.indexOf("*/", pos + 2);
                    if (end < 0) {
                        fail(n, "expected '*/' to close the comment that starts at " + at(pos) + ", found the end of the file");
                        return false;
                    }
                    if (!commentText(pos + 2, end)) {
                        return false;
                    }
                    pos = end + 2;
                } else {
                    fail(pos + 1, "expected '/' or '*' after '/' to start a comment, found " + found(pos + 1));
                    return false;
                }
            } else {
                return true;
            }
        }
        return true;
    }

    /** Whether a comment's text holds no control character but tab and line ends (the parser refuses any other). */
    private boolean commentText(int from, int to) {
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
                fail(i, "found the control character " + codePoint(c) + " inside a comment");
                return false;
            }
        }
        return true;
    }

    /** What is at {@code index}, in a few words; at the end of the file, which bracket is still open. */
    private String found(int index) {
        if (index >= n) {
            return depth == 0 ? "the end of the file"
                    : "the end of the file (the '" + text.charAt(open[depth - 1]) + "' at " + at(open[depth - 1])
                      + " is not closed)";
        }
        char c = text.charAt(index);
        if (c == '\'') {
            return "''' (JSON strings take double quotes)";
        }
        if (isAsciiLetter(c)) {
            int end = index;
            while (end < n && isAsciiLetter(text.charAt(end))) {
                end++;
            }
            return end - index <= WORD ? "'" + text.substring(index, end) + "'" : "an unquoted word";
        }
        if (c < 0x20 || c == 0x7F) {
            return "the control character " + codePoint(c);
        }
        if (Character.isWhitespace(c) || Character.isSpaceChar(c) || Character.getType(c) == Character.FORMAT) {
            return "the invisible character " + codePoint(c);
        }
        int cp = text.codePointAt(index);
        return "'" + new String(Character.toChars(cp)) + "'";
    }

    /** The one character at {@code index} (inside a string, where a word would quote the string). */
    private String character(int index) {
        return index < n && isAsciiLetter(text.charAt(index)) ? "'" + text.charAt(index) + "'" : found(index);
    }

    private static String codePoint(char c) {
        return String.format("U+%04X", (int) c);
    }

    private static String shorten(String name) {
        return name.length() <= NAME ? name : name.substring(0, NAME) + "…";
    }

    /** {@code line L, column C} of {@code index} (which may be the text's length: just after its last character). */
    private String at(int index) {
        int[] lc = lineAndColumn(index);
        return "line " + lc[0] + ", column " + lc[1];
    }

    private int[] lineAndColumn(int index) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < index && i < n; i++) {
            char c = text.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 >= n || text.charAt(i + 1) != '\n'))) {
                line++;
                lineStart = i + 1;
            }
        }
        return new int[] {line, index - lineStart + 1};
    }

    private Next fail(int index, String what) {
        int[] lc = lineAndColumn(index);
        problem = new Problem(lc[0], lc[1], what);
        return null;
    }

    private boolean isWordChar(int index) {
        return index < n && (Character.isLetterOrDigit(text.charAt(index)) || text.charAt(index) == '_');
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }
}
