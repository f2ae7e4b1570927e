package io.mcphost.bench.floor;

/**
 * Just enough JSON scanning for the floor server and the raw-pipe client: finds a key's raw value
 * text in one line without building a tree. A deliberate shortcut (no validation, no unescaping)
 * so the floor measures pipes and framing, not a parser. Stateless and thread-safe.
 */
public final class Json {
    private Json() {
    }

    /**
     * The raw text of the value of the first {@code key} at the top level of the object in
     * {@code line} (a string keeps its quotes and escapes), or null when absent.
     */
    public static String topLevel(String line, String key) {
        return find(line, key, true);
    }

    /** The raw text of the value of the first {@code key} at any depth, or null when absent. */
    public static String rawValue(String line, String key) {
        // "id" is looked up at the top level only: tool arguments may carry their own "id".
        return find(line, key, key.equals("id"));
    }

    /** The unquoted value of the string {@code key} at any depth (escapes kept), or null. */
    public static String stringValue(String line, String key) {
        String raw = find(line, key, false);
        if (raw == null || raw.length() < 2 || raw.charAt(0) != '"') {
            return null;
        }
        return raw.substring(1, raw.length() - 1);
    }

    private static String find(String line, String key, boolean topLevelOnly) {
        int depth = 0;
        int n = line.length();
        for (int i = 0; i < n; i++) {
            char c = line.charAt(i);
            if (c == '{' || c == '[') {
                depth++;
            } else if (c == '}' || c == ']') {
                depth--;
            } else if (c == '"') {
                int end = stringEnd(line, i);
                if (end < 0) {
                    return null;
                }
                int after = skipSpace(line, end + 1);
                boolean isKey = after < n && line.charAt(after) == ':';
                if (isKey && (!topLevelOnly || depth == 1) && line.regionMatches(i + 1, key, 0, key.length())
                        && end - i - 1 == key.length()) {
                    int start = skipSpace(line, after + 1);
                    return start < n ? line.substring(start, valueEnd(line, start)) : null;
                }
                i = end;
            }
        }
        return null;
    }

    /** Index of the quote closing the string opened at {@code open}, or -1. */
    private static int stringEnd(String line, int open) {
        for (int i = open + 1; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                return i;
            }
        }
        return -1;
    }

    private static int skipSpace(String line, int i) {
        while (i < line.length() && Character.isWhitespace(line.charAt(i))) {
            i++;
        }
        return i;
    }

    /** One past the end of the value starting at {@code start}. */
    private static int valueEnd(String line, int start) {
        char first = line.charAt(start);
        if (first == '"') {
            int end = stringEnd(line, start);
            return end < 0 ? line.length() : end + 1;
        }
        if (first == '{' || first == '[') {
            int depth = 0;
            for (int i = start; i < line.length(); i++) {
                char c = line.charAt(i);
                if (c == '"') {
                    i = stringEnd(line, i);
                    if (i < 0) {
                        return line.length();
                    }
                } else if (c == '{' || c == '[') {
                    depth++;
                } else if ((c == '}' || c == ']') && --depth == 0) {
                    return i + 1;
                }
            }
            return line.length();
        }
        int i = start;
        while (i < line.length() && ",}] \t\r\n".indexOf(line.charAt(i)) < 0) {
            i++;
        }
        return i;
    }
}
