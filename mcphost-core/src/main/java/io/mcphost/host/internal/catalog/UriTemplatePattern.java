package io.mcphost.host.internal.catalog;

import io.mcphost.protocol.McpProtocolException;
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
 * programme over (part, position), linear in the URI's length for each part of the template (a run
 * of expressions is one part, a literal is found by KMP), with no regular expression to backtrack.
 */
public final class UriTemplatePattern {
    private sealed interface Part permits Literal, Expression {}

    /** {@code failure}: the KMP failure function of {@code text}, to find every occurrence in one pass. */
    private record Literal(String text, int[] failure) implements Part {
        static Literal of(String text) {
            int[] failure = new int[text.length()];
            for (int i = 1, k = 0; i < text.length(); i++) {
                while (k > 0 && text.charAt(i) != text.charAt(k)) {
                    k = failure[k - 1];
                }
                if (text.charAt(i) == text.charAt(k)) {
                    k++;
                }
                failure[i] = k;
            }
            return new Literal(text, failure);
        }
    }

    /**
     * {@code lead}: the character a non-empty expansion starts with, or 0 for none; {@code excluded}: the
     * characters (of {@code / ? #}) its expansion cannot hold, as a {@link #classOf} mask.
     */
    private record Expression(char lead, int excluded) implements Part {
        static Expression of(char lead, String excluded) {
            int mask = 0;
            for (int i = 0; i < excluded.length(); i++) {
                mask |= classOf(excluded.charAt(i));
            }
            return new Expression(lead, mask);
        }
    }

    /**
     * The most steps (parts × URI positions) one match may take: well under a second, whatever the inputs.
     * A URI of 1 MiB may meet a template of 64 parts (a real template has a handful), one of 64 KiB a thousand.
     */
    static final long MAX_STEPS = 1L << 26;

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
                parts.add(Literal.of(literal.toString()));
                literal.setLength(0);
            }
            char operator = close > i + 1 ? template.charAt(i + 1) : 0;
            add(parts, switch (operator) {
                case '+' -> Expression.of((char) 0, "");
                case '#' -> Expression.of('#', "");
                case '/' -> Expression.of('/', "?#");
                case '.' -> Expression.of('.', "/?#");
                case ';' -> Expression.of(';', "/?#");
                case '?' -> Expression.of('?', "#");
                case '&' -> Expression.of('&', "#");
                default -> Expression.of((char) 0, "/?#");
            });
            i = close + 1;
        }
        if (!literal.isEmpty()) {
            parts.add(Literal.of(literal.toString()));
        }
        return new UriTemplatePattern(template, parts);
    }

    /**
     * Adds an expression, merged with an expression just before it when the two together match exactly
     * what one of them does: {@code {a}{b}} is {@code {a}}, {@code {a}{+b}} is {@code {+b}}, and for each
     * operator with a lead character, which its expansion may itself contain, {@code {/a}{/b}} is {@code {/a}}.
     * So a run of variables costs one step of {@link #matches}, not one per variable.
     */
    private static void add(List<Part> parts, Expression expression) {
        if (!parts.isEmpty() && parts.getLast() instanceof Expression before) {
            if (before.equals(expression)) {
                return;
            }
            if (before.lead() == 0 && expression.lead() == 0) {
                parts.set(parts.size() - 1, Expression.of((char) 0, "")); // one of them is {+…}: it covers both
                return;
            }
        }
        parts.add(expression);
    }

    /** The template as written. */
    public String template() {
        return template;
    }

    /** The class of a character for {@link Expression#excluded}: one bit for each of {@code / ? #}, 0 for the rest. */
    private static int classOf(char c) {
        return c == '/' ? 1 : c == '?' ? 2 : c == '#' ? 4 : 0;
    }

    /**
     * Whether {@code uri} as a whole could be an expansion of this template. Time linear in the URI's
     * length for each part of the template (a literal's occurrences are found by KMP, not by comparing
     * it at every position), three arrays of the URI's length in memory.
     *
     * @throws McpProtocolException when that product exceeds {@link #MAX_STEPS} (a template of thousands
     *                              of parts against a URI of megabytes): too costly to decide, never a silent no
     */
    public boolean matches(String uri) {
        int n = uri.length();
        if ((long) parts.size() * (n + 1) > MAX_STEPS) {
            throw new McpProtocolException(null, "the resource template '" + (template.length() > 60
                    ? template.substring(0, 60) + "…" : template) + "' has " + parts.size() + " parts, too many to match"
                    + " against a URI of " + n + " characters (at most " + MAX_STEPS + " steps)");
        }
        byte[] classes = new byte[n];
        for (int p = 0; p < n; p++) {
            classes[p] = (byte) classOf(uri.charAt(p));
        }
        // next[p]: whether the parts after the current one match uri[p..n).
        boolean[] next = new boolean[n + 1];
        boolean[] here = new boolean[n + 1];
        next[n] = true;
        for (int k = parts.size() - 1; k >= 0; k--) {
            boolean any = false;
            switch (parts.get(k)) {
                case Literal literal -> {
                    java.util.Arrays.fill(here, false);
                    String text = literal.text();
                    int[] failure = literal.failure();
                    int length = text.length();
                    for (int i = 0, matched = 0; i < n; i++) {
                        char c = uri.charAt(i);
                        while (matched > 0 && c != text.charAt(matched)) {
                            matched = failure[matched - 1];
                        }
                        if (c == text.charAt(matched)) {
                            matched++;
                        }
                        if (matched == length) {
                            int start = i + 1 - length;
                            here[start] = next[i + 1];
                            any |= here[start];
                            matched = failure[matched - 1];
                        }
                    }
                }
                case Expression expression -> {
                    // run: a run of allowed characters from p + 1, then the rest, matches uri[p + 1..n).
                    boolean run = next[n];
                    here[n] = next[n];
                    any = run;
                    char lead = expression.lead();
                    int excluded = expression.excluded();
                    for (int p = n - 1; p >= 0; p--) {
                        boolean allowed = (classes[p] & excluded) == 0;
                        boolean h = next[p] || (lead == 0 ? allowed : uri.charAt(p) == lead) && run;
                        here[p] = h;
                        any |= h;
                        run = next[p] || allowed && run;
                    }
                }
            }
            if (!any) {
                return false;
            }
            boolean[] swap = next;
            next = here;
            here = swap;
        }
        return next[0];
    }

    @Override
    public String toString() {
        return template;
    }
}
