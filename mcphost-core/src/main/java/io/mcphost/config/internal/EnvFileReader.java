package io.mcphost.config.internal;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a dotenv file as VS Code's {@code envFile} does: {@code KEY=VALUE} lines, {@code #}
 * comment lines and blank lines skipped, an optional leading {@code export}, values optionally in
 * single or double quotes (double quotes understand {@code \n} and {@code \"}). Stateless.
 */
public final class EnvFileReader {
    private EnvFileReader() {
    }

    /** A malformed line, by its 1-based number; the line itself is not quoted because it may hold a secret. */
    public static final class MalformedLine extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int line;

        MalformedLine(int line, String problem) {
            super("line " + line + " " + problem);
            this.line = line;
        }

        /** The 1-based line number. */
        public int line() {
            return line;
        }
    }

    /**
     * The variables of the file, in file order (a later line wins over an earlier one).
     *
     * @throws MalformedLine for a line that is neither blank, a comment, nor {@code KEY=VALUE}
     */
    public static Map<String, String> parse(List<String> lines) {
        Map<String, String> vars = new LinkedHashMap<>();
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("export ")) {
                line = line.substring("export ".length()).stripLeading();
            }
            int eq = line.indexOf('=');
            if (eq <= 0) {
                throw new MalformedLine(n + 1, "is not KEY=VALUE");
            }
            String key = line.substring(0, eq).strip();
            if (!key.matches("[A-Za-z_][A-Za-z0-9_.]*")) {
                throw new MalformedLine(n + 1, "has an invalid variable name");
            }
            vars.put(key, value(line.substring(eq + 1).strip(), n + 1));
        }
        return vars;
    }

    private static String value(String raw, int line) {
        if (raw.length() >= 1 && (raw.charAt(0) == '"' || raw.charAt(0) == '\'')) {
            char quote = raw.charAt(0);
            int close = raw.indexOf(quote, 1);
            while (quote == '"' && close > 0 && raw.charAt(close - 1) == '\\') {
                close = raw.indexOf(quote, close + 1);
            }
            if (close < 0) {
                throw new MalformedLine(line, "has an unclosed quote");
            }
            String inner = raw.substring(1, close);
            return quote == '"' ? inner.replace("\\n", "\n").replace("\\\"", "\"") : inner;
        }
        // An unquoted value ends at " #", so trailing comments are not part of it.
        int comment = raw.indexOf(" #");
        return comment >= 0 ? raw.substring(0, comment).strip() : raw;
    }
}
