package io.mcphost.host;

import io.mcphost.host.internal.catalog.Glob;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Which tools to offer, by glob patterns over tool names. Immutable and thread-safe.
 *
 * <p>Patterns: {@code *} matches any run of characters (also none), {@code ?} exactly one character,
 * every other character itself, case-sensitively; a pattern matches the whole name
 * ({@code "read_*"} matches {@code read_file}, not {@code fs__read_file}).
 *
 * <p>Rules: a name a deny pattern matches is refused, whatever the allow patterns say (deny wins);
 * otherwise it is allowed when the allow list is empty or one of its patterns matches.
 * {@link #and(ToolFilter)} combines filters so that a name must pass both.
 *
 * <p>Where a filter applies: a server's own filter ({@code allowTools}/{@code denyTools} in the
 * configuration) sees the tool's original name, as the server listed it. The host-level filter sees
 * both names of a tool, the exposed one ({@code github__create_issue}) and the original one
 * ({@code create_issue}): a pattern matches when it matches either, so {@code deny("create_*")}
 * hides that tool on every server and {@code deny("github__*")} hides one server's tools (see
 * {@link #allows(String, String)}).
 */
public final class ToolFilter {
    private static final ToolFilter ALL = new ToolFilter(List.of());

    /** One allow/deny pair; a filter is the conjunction of its clauses. */
    private record Clause(List<Glob> allow, List<Glob> deny) {
        boolean allows(String first, String second) {
            for (Glob glob : deny) {
                if (glob.matches(first) || glob.matches(second)) {
                    return false;
                }
            }
            if (allow.isEmpty()) {
                return true;
            }
            for (Glob glob : allow) {
                if (glob.matches(first) || glob.matches(second)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public String toString() {
            return "allow" + allow + " deny" + deny;
        }
    }

    private final List<Clause> clauses;

    private ToolFilter(List<Clause> clauses) {
        this.clauses = List.copyOf(clauses);
    }

    /** A filter that allows every tool. */
    public static ToolFilter all() {
        return ALL;
    }

    /** A filter that allows only the tools one of the patterns matches. No pattern allows nothing. */
    public static ToolFilter allow(String... globs) {
        List<String> patterns = List.of(globs);
        // allow() with no pattern would read as "allow all" under the empty-list rule; say what it means.
        return patterns.isEmpty() ? new ToolFilter(List.of(new Clause(List.of(), List.of(Glob.of("*")))))
                : of(patterns, List.of());
    }

    /** A filter that refuses the tools one of the patterns matches and allows the rest. */
    public static ToolFilter deny(String... globs) {
        return of(List.of(), List.of(globs));
    }

    /**
     * A filter from configuration lists, as in {@code allowTools}/{@code denyTools}: an empty allow
     * list allows every name the deny list does not match.
     */
    public static ToolFilter of(List<String> allow, List<String> deny) {
        List<Glob> allowGlobs = allow.stream().map(Glob::of).toList();
        List<Glob> denyGlobs = deny.stream().map(Glob::of).toList();
        return allowGlobs.isEmpty() && denyGlobs.isEmpty() ? ALL
                : new ToolFilter(List.of(new Clause(allowGlobs, denyGlobs)));
    }

    /** A filter that allows a name only when this one and {@code other} both allow it. */
    public ToolFilter and(ToolFilter other) {
        Objects.requireNonNull(other, "other");
        if (other.clauses.isEmpty()) {
            return this;
        }
        if (clauses.isEmpty()) {
            return other;
        }
        List<Clause> both = new ArrayList<>(clauses);
        both.addAll(other.clauses);
        return new ToolFilter(both);
    }

    /** Whether a tool with this name is offered. Deny wins; an empty allow list allows all. */
    public boolean allows(String name) {
        Objects.requireNonNull(name, "name");
        return allows(name, name);
    }

    /**
     * Whether a tool known by two names is offered, as the host-level filter decides: a pattern
     * matches the tool when it matches either name. Refused if a deny pattern matches either name;
     * else allowed if the allow list is empty or an allow pattern matches either name.
     *
     * @param exposedName the name the catalog exposes ({@code github__create_issue})
     * @param originalName the name the server listed ({@code create_issue})
     */
    public boolean allows(String exposedName, String originalName) {
        Objects.requireNonNull(exposedName, "exposedName");
        Objects.requireNonNull(originalName, "originalName");
        for (Clause clause : clauses) {
            if (!clause.allows(exposedName, originalName)) {
                return false;
            }
        }
        return true;
    }

    /** Whether this filter allows every name. */
    public boolean allowsAll() {
        return clauses.isEmpty();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ToolFilter filter && filter.clauses.equals(clauses);
    }

    @Override
    public int hashCode() {
        return clauses.hashCode();
    }

    @Override
    public String toString() {
        return clauses.isEmpty() ? "ToolFilter[all]"
                : clauses.stream().map(Clause::toString).collect(Collectors.joining(" and ", "ToolFilter[", "]"));
    }
}
