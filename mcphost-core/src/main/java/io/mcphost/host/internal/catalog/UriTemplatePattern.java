package io.mcphost.host.internal.catalog;

import java.util.ArrayList;
import java.util.List;

/**
 * Decides whether a URI could be an expansion of an RFC 6570 URI template, to route a
 * {@code resources/read} to the server whose template it fits. Immutable and thread-safe.
 *
 * <p>Each expression matches what its operator can expand to (RFC 6570 §3.2), leniently about which
 * characters a value holds, since servers differ in how they percent-encode:
 * <ul>
 *   <li>{@code {var}}, {@code {a,b}}: any run of characters except {@code / ? #} (one path segment);</li>
 *   <li>{@code {+var}}: any run of characters (reserved expansion keeps {@code /} and {@code ?});</li>
 *   <li>{@code {#var}}: nothing, or {@code #} and anything;</li>
 *   <li>{@code {/var}}: nothing, or {@code /} and anything except {@code ? #};</li>
 *   <li>{@code {.var}}, {@code {;var}}: nothing, or {@code .} / {@code ;} and anything except {@code / ? #};</li>
 *   <li>{@code {?q}}, {@code {&q}}: nothing, or {@code ?} / {@code &} and anything except {@code #}.</li>
 * </ul>
 * Every expression may match nothing, as an undefined variable expands to nothing. Text outside
 * braces matches itself, case-sensitively; an unclosed brace is text. Matching is a dynamic
 * programme over (expression, position), linear in the URI's length for each expression, so no
 * template a server sends can make it slow.
 */
public final class UriTemplatePattern {
    private sealed interface Part permits Literal, Expression {}

    private record Literal(String text) implements Part {}

    /** {@code lead}: the character a non-empty expansion starts with, or 0 for none. */
    private record Expression(char lead, String excluded) implements Part {
        boolean allows(char c) {
            return excluded.indexOf(c) < 0;
        }
    }

    private final String template;
    private final List<Part> parts;

    private UriTemplatePattern(String template, List<Part> parts) {
        this.template = template;
        this.parts = List.copyOf(parts);
    }

    /** Parses a template. Never fails: what is not an expression is literal text. */
    public static UriTemplatePattern compile(String template) {
        List<Part> parts = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        int i = 0;
        while (i < template.length()) {
            char c = template.charAt(i);
            int close = c == '{' ? template.indexOf('}', i + 1) : -1;
            if (close < 0) {
                literal.append(c);
                i++;
                continue;
            }
            if (!literal.isEmpty()) {
                parts.add(new Literal(literal.toString()));
                literal.setLength(0);
            }
            char operator = close > i + 1 ? template.charAt(i + 1) : 0;
            parts.add(switch (operator) {
                case '+' -> new Expression((char) 0, "");
                case '#' -> new Expression('#', "");
                case '/' -> new Expression('/', "?#");
                case '.' -> new Expression('.', "/?#");
                case ';' -> new Expression(';', "/?#");
                case '?' -> new Expression('?', "#");
                case '&' -> new Expression('&', "#");
                default -> new Expression((char) 0, "/?#");
            });
            i = close + 1;
        }
        if (!literal.isEmpty()) {
            parts.add(new Literal(literal.toString()));
        }
        return new UriTemplatePattern(template, parts);
    }

    /** The template as written. */
    public String template() {
        return template;
    }

    /** Whether {@code uri} as a whole could be an expansion of this template. */
    public boolean matches(String uri) {
        int n = uri.length();
        // next[p]: whether the parts after the current one match uri[p..n).
        boolean[] next = new boolean[n + 2];
        next[n] = true;
        for (int k = parts.size() - 1; k >= 0; k--) {
            boolean[] here = new boolean[n + 2];
            switch (parts.get(k)) {
                case Literal literal -> {
                    String text = literal.text();
                    for (int p = 0; p + text.length() <= n; p++) {
                        here[p] = next[p + text.length()] && uri.startsWith(text, p);
                    }
                }
                case Expression expression -> {
                    // run[p]: a run of allowed characters from p, then the rest, matches uri[p..n).
                    boolean[] run = new boolean[n + 2];
                    run[n] = next[n];
                    for (int p = n - 1; p >= 0; p--) {
                        run[p] = next[p] || (expression.allows(uri.charAt(p)) && run[p + 1]);
                    }
                    for (int p = 0; p <= n; p++) {
                        if (expression.lead() == 0) {
                            here[p] = run[p];
                        } else {
                            here[p] = next[p] || (p < n && uri.charAt(p) == expression.lead() && run[p + 1]);
                        }
                    }
                }
            }
            next = here;
        }
        return next[0];
    }

    @Override
    public String toString() {
        return template;
    }
}
