package io.mcphost.transport.stdio.internal;

/**
 * Short, safe excerpts of text a server produced, for log lines and error messages: bounded in
 * length and with control characters escaped so a hostile line cannot forge log records.
 */
public final class Excerpt {
    private Excerpt() {
    }

    /** The first {@code maxChars} characters, control characters escaped, "…" when cut. */
    public static String head(String text, int maxChars) {
        int end = Math.min(text.length(), maxChars);
        if (end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        StringBuilder escaped = new StringBuilder(end + 8);
        text.substring(0, end).codePoints().forEach(c -> {
            if (c < 0x20 || c == 0x7f) {
                escaped.append(String.format("\\u%04x", c));
            } else {
                escaped.appendCodePoint(c);
            }
        });
        if (end < text.length()) {
            escaped.append('…');
        }
        return escaped.toString();
    }

    /**
     * The last {@code maxLines} lines of {@code text}, at most {@code maxChars} characters, for
     * quoting a dying server's stderr in an exception. Each line keeps its text; line breaks stay.
     */
    public static String tail(String text, int maxLines, int maxChars) {
        String stripped = text.strip();
        int from = stripped.length();
        for (int lines = 0; lines < maxLines && from > 0; lines++) {
            from = stripped.lastIndexOf('\n', from - 1);
            if (from < 0) {
                from = 0;
                break;
            }
        }
        String lastLines = stripped.substring(from).strip();
        if (lastLines.length() > maxChars) {
            lastLines = "…" + lastLines.substring(lastLines.length() - maxChars);
        }
        return lastLines;
    }
}
