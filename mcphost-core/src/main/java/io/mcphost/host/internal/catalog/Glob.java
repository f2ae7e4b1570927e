package io.mcphost.host.internal.catalog;

import java.util.Objects;

/**
 * One tool-name pattern: {@code *} matches any run of characters (also none), {@code ?} exactly one
 * character, everything else itself, case-sensitively. There is no escape and no character class:
 * tool names are {@code [a-zA-Z0-9_-]} in practice, so neither is needed. Immutable.
 *
 * <p>Matching backtracks only to the last {@code *} seen (no regular expression), so it takes at
 * most pattern length × name length steps whatever a configuration file holds.
 */
public final class Glob {
    private final String pattern;

    private Glob(String pattern) {
        this.pattern = pattern;
    }

    /** A glob for the pattern as written. */
    public static Glob of(String pattern) {
        return new Glob(Objects.requireNonNull(pattern, "pattern"));
    }

    /** The pattern as written. */
    public String pattern() {
        return pattern;
    }

    /** Whether the whole of {@code name} matches. */
    public boolean matches(String name) {
        int p = 0;
        int n = 0;
        int starP = -1;
        int starN = 0;
        while (n < name.length()) {
            if (p < pattern.length() && (pattern.charAt(p) == '?' || pattern.charAt(p) == name.charAt(n))
                    && pattern.charAt(p) != '*') {
                p++;
                n++;
            } else if (p < pattern.length() && pattern.charAt(p) == '*') {
                starP = p++;
                starN = n;
            } else if (starP >= 0) {
                // Let the last star swallow one more character and retry from just after it.
                p = starP + 1;
                n = ++starN;
            } else {
                return false;
            }
        }
        while (p < pattern.length() && pattern.charAt(p) == '*') {
            p++;
        }
        return p == pattern.length();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Glob glob && glob.pattern.equals(pattern);
    }

    @Override
    public int hashCode() {
        return pattern.hashCode();
    }

    @Override
    public String toString() {
        return pattern;
    }
}
