package io.mcphost.host;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How the catalog names the tools and prompts of many servers. Immutable and thread-safe.
 *
 * <ul>
 *   <li>{@link #prefixed()} (the default): {@code prefix + "__" + original}, where the prefix is the
 *       server's configured {@code prefix}, else its name: {@code github__create_issue}. Two servers
 *       can then offer tools of the same name without a clash.</li>
 *   <li>{@link #unprefixed()}: the original names. When two servers offer the same name, the earlier
 *       server in configuration order keeps it and the later one's entry falls back to the prefixed
 *       form (see {@link Catalog} for the whole rule).</li>
 * </ul>
 * A server whose prefix is the empty string is named as if unprefixed, whatever the naming.
 */
public final class ToolNaming {
    /** The default separator between prefix and original name. */
    public static final String DEFAULT_SEPARATOR = "__";

    private static final Pattern SEPARATOR = Pattern.compile("[a-zA-Z0-9_-]{1,16}");
    private static final ToolNaming PREFIXED = new ToolNaming(DEFAULT_SEPARATOR, true);
    private static final ToolNaming UNPREFIXED = new ToolNaming(DEFAULT_SEPARATOR, false);

    private final String separator;
    private final boolean prefixing;

    private ToolNaming(String separator, boolean prefixing) {
        this.separator = separator;
        this.prefixing = prefixing;
    }

    /** {@code server__tool}: the default. */
    public static ToolNaming prefixed() {
        return PREFIXED;
    }

    /**
     * {@code server + separator + tool}.
     *
     * @param separator 1 to 16 characters of {@code [a-zA-Z0-9_-]}, so that every exposed name is one
     *                  that LLM APIs accept (a {@code "."} or {@code "/"} would be replaced anyway)
     * @throws IllegalArgumentException if the separator has another character or length
     */
    public static ToolNaming prefixed(String separator) {
        Objects.requireNonNull(separator, "separator");
        if (!SEPARATOR.matcher(separator).matches()) {
            throw new IllegalArgumentException("a tool name separator must be 1 to 16 characters of [a-zA-Z0-9_-], got \""
                    + separator + "\"");
        }
        return separator.equals(DEFAULT_SEPARATOR) ? PREFIXED : new ToolNaming(separator, true);
    }

    /**
     * The servers' own names; a name already taken by an earlier server falls back to
     * {@code server__tool}.
     */
    public static ToolNaming unprefixed() {
        return UNPREFIXED;
    }

    /** What goes between prefix and original name, also in the fallback names of unprefixed naming. */
    public String separator() {
        return separator;
    }

    /** Whether exposed names carry the server's prefix. */
    public boolean prefixing() {
        return prefixing;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ToolNaming naming && naming.prefixing == prefixing && naming.separator.equals(separator);
    }

    @Override
    public int hashCode() {
        return Objects.hash(separator, prefixing);
    }

    @Override
    public String toString() {
        return prefixing ? "ToolNaming[prefixed, separator=" + separator + "]" : "ToolNaming[unprefixed]";
    }
}
