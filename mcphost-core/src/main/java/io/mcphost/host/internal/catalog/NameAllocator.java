package io.mcphost.host.internal.catalog;

import io.mcphost.host.NameCollision;
import io.mcphost.host.ToolNaming;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Gives the entries of one namespace (tools, prompts, or skills) their exposed names, server by server, and
 * records every contest for a name. Not thread-safe: one allocator builds one catalog.
 *
 * <p>A name is made in three steps, each used only when the one before gives a name already taken:
 * <ol>
 *   <li>the primary form: {@code prefix + separator + original} (or {@code original} with unprefixed
 *       naming or an empty prefix), made {@linkplain #fit(String) valid};</li>
 *   <li>the qualified form {@code qualifier + separator + original}, where the qualifier is the prefix,
 *       or the server name when the prefix is empty (skipped when it equals the primary form);</li>
 *   <li>the qualified form with {@code "_"} and a hash of {@code qualified + "#" + n} appended (head
 *       cut so the whole is 64 characters at most), for n = 1, 2, … until free.</li>
 * </ol>
 * Servers are named in the order they are added and each sees only the names taken before it, so a
 * server added later never renames an earlier one's entries. Names {@linkplain #keep kept} from the
 * previous catalog come before all of that: an entry that was exposed keeps its name for as long as
 * its server offers it, and nobody else gets that name meanwhile, whatever the order. Within a server, entries whose primary
 * form needed no change go first, then the rest, each group by original name: the server's listing
 * order does not matter, so re-listing the same tools in another order yields the same names.
 */
public final class NameAllocator {
    /** The longest exposed name: OpenAI's and Gemini's limit for function names. */
    public static final int MAX_LENGTH = 64;
    /** Hex digits of SHA-256 in a shortened or disambiguated name: 40 bits. */
    public static final int HASH_CHARS = 10;

    private record Claimant(String server, String original) {}

    /** Everyone who wanted one name, the holder first, with the name each one got. */
    private record Contest(String name, List<Claimant> claimants, List<String> outcomes, boolean isDuplicate) {}

    private final ToolNaming naming;
    private final NameCollision.Kind kind;
    private final Map<String, Claimant> holders = new HashMap<>();
    /** Names the previous catalog exposed, for entries still offered: exposed name → its holder. */
    private final Map<String, Claimant> kept = new HashMap<>();
    private final Map<Claimant, String> keptByClaimant = new HashMap<>();
    private final Map<String, Contest> contests = new LinkedHashMap<>();
    private final List<Contest> duplicates = new ArrayList<>();

    public NameAllocator(ToolNaming naming, NameCollision.Kind kind) {
        this.naming = naming;
        this.kind = kind;
    }

    /**
     * Keeps the name {@code exposed} for {@code server}'s entry {@code original}, which the previous
     * catalog exposed under it. Call before any {@link #allocate}, only for entries that are offered again.
     */
    public void keep(String exposed, String server, String original) {
        Claimant claimant = new Claimant(server, original);
        if (!kept.containsKey(exposed) && !keptByClaimant.containsKey(claimant)) {
            kept.put(exposed, claimant);
            keptByClaimant.put(claimant, exposed);
        }
    }

    /** Whether {@code name} is held, or kept for someone other than {@code claimant}. */
    private boolean takenFor(String name, Claimant claimant) {
        Claimant keeper = kept.get(name);
        return holders.containsKey(name) || keeper != null && !keeper.equals(claimant);
    }

    /**
     * Names one server's entries. A name listed twice is named once; the repeat is recorded as a
     * collision and the caller must keep only the first entry.
     *
     * @return original name → exposed name, for every distinct original name
     */
    public Map<String, String> allocate(String server, String prefix, List<String> originals) {
        String separator = naming.separator();
        boolean prefixes = naming.prefixing() && !prefix.isEmpty();
        String qualifier = prefix.isEmpty() ? server : prefix;
        record Entry(String original, String primaryRaw, String primary, boolean exact) {}
        List<Entry> entries = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        List<String> repeated = new ArrayList<>();
        for (String original : originals) {
            String primaryRaw = prefixes ? prefix + separator + original : original;
            String primary = fit(primaryRaw);
            if (seen.add(original)) {
                entries.add(new Entry(original, primaryRaw, primary, primary.equals(primaryRaw)));
            } else {
                repeated.add(original);
            }
        }
        entries.sort(Comparator.comparing((Entry e) -> !e.exact()).thenComparing(Entry::original));
        Map<String, String> names = new HashMap<>();
        for (Entry entry : entries) {
            Claimant claimant = new Claimant(server, entry.original());
            String keptName = keptByClaimant.get(claimant);
            String name = entry.primary();
            if (keptName != null && !keptName.equals(name)) {
                // Renamed in an earlier catalog, it keeps that name; the contest for its primary still stands.
                Claimant holder = holders.containsKey(name) ? holders.get(name) : kept.get(name);
                if (holder != null && !holder.equals(claimant)) {
                    contest(name, holder, claimant, keptName);
                }
                name = keptName;
            } else if (takenFor(name, claimant)) {
                String qualifiedRaw = qualifier + separator + entry.original();
                String resolved = null;
                if (!qualifiedRaw.equals(entry.primaryRaw()) && !takenFor(fit(qualifiedRaw), claimant)) {
                    resolved = fit(qualifiedRaw);
                }
                for (int n = 1; resolved == null; n++) {
                    String candidate = withHash(sanitise(qualifiedRaw), qualifiedRaw + "#" + n);
                    resolved = takenFor(candidate, claimant) ? null : candidate;
                }
                contest(name, holders.containsKey(name) ? holders.get(name) : kept.get(name), claimant, resolved);
                name = resolved;
            }
            holders.put(name, claimant);
            names.put(entry.original(), name);
        }
        for (String original : repeated) {
            Claimant claimant = new Claimant(server, original);
            duplicates.add(new Contest(names.get(original), List.of(claimant, claimant), List.of(names.get(original), ""), true));
        }
        return names;
    }

    /** Records that {@code claimant} wanted {@code contested}, held by {@code holder}, and got {@code outcome}. */
    private void contest(String contested, Claimant holder, Claimant claimant, String outcome) {
        Contest contest = contests.computeIfAbsent(contested, name -> new Contest(name,
                new ArrayList<>(List.of(holder)), new ArrayList<>(List.of(name)), false));
        contest.claimants().add(claimant);
        contest.outcomes().add(outcome);
    }

    /** Every contest so far, as collisions: renames in the order they happened, then repeated names. */
    public List<NameCollision> collisions() {
        List<NameCollision> result = new ArrayList<>();
        for (Contest contest : contests.values()) {
            result.add(toCollision(contest));
        }
        for (Contest contest : duplicates) {
            result.add(toCollision(contest));
        }
        return result;
    }

    private NameCollision toCollision(Contest contest) {
        String noun = switch (kind) {
            case PROMPT -> "prompt";
            case SKILL -> "skill";
            default -> "tool";
        };
        List<Claimant> claimants = contest.claimants();
        StringBuilder text = new StringBuilder();
        if (contest.isDuplicate()) {
            Claimant c = claimants.getFirst();
            text.append("'").append(c.server()).append("' lists ").append(noun).append(" '").append(c.original())
                    .append("' more than once; only the first is used, as '").append(contest.name()).append("'");
        } else {
            Claimant holder = claimants.getFirst();
            text.append(noun).append(" '").append(holder.original()).append("' of '").append(holder.server())
                    .append("' keeps '").append(contest.name()).append("'");
            for (int i = 1; i < claimants.size(); i++) {
                Claimant c = claimants.get(i);
                text.append("; ").append(noun).append(" '").append(c.original()).append("' of '").append(c.server())
                        .append("' is exposed as '").append(contest.outcomes().get(i)).append("'");
            }
        }
        return new NameCollision(contest.name(), claimants.stream().map(Claimant::server).toList(), text.toString(), kind,
                claimants.stream().map(Claimant::original).toList());
    }

    /** Whether a name may be exposed as it is: 1 to 64 characters of {@code [a-zA-Z0-9_-]}. */
    public static boolean isValid(String name) {
        // A loop, not the regular expression: every exposed name is checked on every catalog rebuild.
        if (name.isEmpty() || name.length() > MAX_LENGTH) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (!isAllowed(name.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Replaces every code point outside {@code [a-zA-Z0-9_-]} with {@code '_'} (one per code point, so
     * an emoji becomes one underscore); the empty name becomes {@code "_"}.
     */
    public static String sanitise(String raw) {
        if (raw.isEmpty()) {
            return "_";
        }
        StringBuilder out = new StringBuilder(raw.length());
        raw.codePoints().forEach(cp -> out.append(isAllowed(cp) ? (char) cp : '_'));
        return out.toString();
    }

    /**
     * A valid name for {@code raw}: {@link #sanitise(String) sanitised}, and when that is longer than 64
     * characters, its first 53 characters + {@code "_"} + the first 10 hex digits of SHA-256 of the
     * unsanitised {@code raw} (UTF-8). A name that is already valid is returned unchanged.
     */
    public static String fit(String raw) {
        String sanitised = sanitise(raw);
        return sanitised.length() <= MAX_LENGTH ? sanitised : withHash(sanitised, raw);
    }

    /** {@code head + "_" + hash(key)}, the head cut so that the whole has at most 64 characters. */
    static String withHash(String sanitised, String key) {
        int head = Math.min(sanitised.length(), MAX_LENGTH - 1 - HASH_CHARS);
        return sanitised.substring(0, head) + "_" + hash(key);
    }

    private static String hash(String key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, HASH_CHARS);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private static boolean isAllowed(int cp) {
        return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9') || cp == '_' || cp == '-';
    }
}
