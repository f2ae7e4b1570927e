package io.mcphost.host;

import java.util.List;
import java.util.Objects;

/**
 * Two or more catalog entries that wanted the same name, and what the catalog did about it. A
 * collision is never resolved silently: every one is listed in {@link Catalog#collisions()}.
 *
 * <p>How it happens: with {@link ToolNaming#unprefixed()} naming, two servers offer a tool of the same
 * name; with prefixed naming, two servers share a configured prefix, or two names become equal once
 * characters outside {@code [a-zA-Z0-9_-]} are replaced ({@code get.file} and {@code get_file}) or
 * once a name over 64 characters is shortened; or two servers offer a resource with the same URI.
 *
 * <p>How it is resolved, deterministically: the claimant listed first in {@link #servers()} keeps
 * {@link #name()}. That is the entry of the earliest server in configuration order (within one server,
 * a name that needed no replacing or shortening before one that did, then by original name), so
 * adding a server never renames the tools of the servers before it. Each other tool or prompt
 * claimant falls back to its qualified form {@code prefix + separator + original} (with unprefixed
 * naming), then to that form plus {@code "_"} and a short hash; {@link #resolution()} says which name
 * each one got (skills, named by their frontmatter {@code name}, likewise). Each other resource
 * claimant is left out of the catalog (the URI goes to the first
 * server). A server that lists the same name twice keeps the first entry only.
 *
 * @param name          the contested name: an exposed tool, prompt or skill name, a resource URI or a URI template
 * @param servers       the servers of the claimants, the one that kept the name first; a server
 *                      appears more than once when its own entries collided
 * @param resolution    what happened, in one sentence for a log, e.g.
 *                      {@code "'alpha' keeps 'search'; 'beta' tool 'search' is exposed as 'beta__search'"}
 * @param kind          what kind of entries collided
 * @param originalNames each claimant's name as its server listed it, in the order of {@code servers}
 */
public record NameCollision(String name, List<String> servers, String resolution, Kind kind, List<String> originalNames) {
    /** What kind of catalog entries collided. */
    public enum Kind { TOOL, PROMPT, RESOURCE, RESOURCE_TEMPLATE, SKILL }

    public NameCollision {
        Objects.requireNonNull(name, "name");
        servers = List.copyOf(servers);
        Objects.requireNonNull(resolution, "resolution");
        Objects.requireNonNull(kind, "kind");
        originalNames = List.copyOf(originalNames);
        if (servers.size() < 2 || originalNames.size() != servers.size()) {
            throw new IllegalArgumentException(
                    "a collision needs at least two claimants, each with a server and an original name");
        }
    }
}
