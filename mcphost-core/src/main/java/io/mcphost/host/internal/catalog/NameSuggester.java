package io.mcphost.host.internal.catalog;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * "Did you mean …?" for a name that is not in the catalog, as models and people get names slightly
 * wrong: they drop the prefix ({@code echo} for {@code demo__echo}), keep a character the catalog
 * replaced ({@code get.file}), change case, or mistype. Immutable and thread-safe; the candidates'
 * normalised forms are computed once, as a catalog answers many lookups.
 */
public final class NameSuggester {
    /** Names longer than this are not compared by edit distance (they come from a confused model). */
    private static final int MAX_COMPARED_LENGTH = 256;

    /** One candidate: the name to suggest and the name its server knows it by. */
    public record Candidate(String exposedName, String originalName) {}

    /** A candidate with the forms the comparisons need. */
    private record Prepared(Candidate candidate, String sanitisedOriginal, String lowerExposed, String lowerOriginal) {}

    private final List<Prepared> candidates;

    /** A suggester over these candidates; ties go to the earlier one. */
    public NameSuggester(List<Candidate> candidates) {
        this.candidates = candidates.stream().map(c -> new Prepared(c, NameAllocator.sanitise(c.originalName()),
                c.exposedName().toLowerCase(Locale.ROOT), c.originalName().toLowerCase(Locale.ROOT))).toList();
    }

    /**
     * The best candidate for {@code unknown}, trying in turn: the exposed name itself; an original name
     * equal to it; equal once both are sanitised; equal ignoring case; then the smallest edit distance
     * (optimal string alignment, ignoring case) to an exposed or original name, if at most 1 for names of
     * 3–5 characters, 2 for 6–8 and 3 for longer ones. Ties go to the earlier candidate.
     */
    public Optional<String> suggest(String unknown) {
        for (Prepared p : candidates) {
            if (p.candidate().exposedName().equals(unknown)) {
                return Optional.of(p.candidate().exposedName());
            }
        }
        for (Prepared p : candidates) {
            if (p.candidate().originalName().equals(unknown)) {
                return Optional.of(p.candidate().exposedName());
            }
        }
        String sanitised = NameAllocator.sanitise(unknown);
        for (Prepared p : candidates) {
            if (p.sanitisedOriginal().equals(sanitised) || p.candidate().exposedName().equals(sanitised)) {
                return Optional.of(p.candidate().exposedName());
            }
        }
        String lower = unknown.toLowerCase(Locale.ROOT);
        for (Prepared p : candidates) {
            if (p.lowerExposed().equals(lower) || p.lowerOriginal().equals(lower)) {
                return Optional.of(p.candidate().exposedName());
            }
        }
        int limit = unknown.length() < 3 ? 0 : unknown.length() <= 5 ? 1 : unknown.length() <= 8 ? 2 : 3;
        if (limit == 0 || unknown.length() > MAX_COMPARED_LENGTH) {
            return Optional.empty();
        }
        Candidate best = null;
        int bestDistance = limit + 1;
        for (Prepared p : candidates) {
            int distance = Math.min(distance(lower, p.lowerExposed(), bestDistance),
                    distance(lower, p.lowerOriginal(), bestDistance));
            if (distance < bestDistance) {
                best = p.candidate();
                bestDistance = distance;
            }
        }
        return Optional.ofNullable(best).map(Candidate::exposedName);
    }

    /**
     * Optimal string alignment distance (insertions, deletions, substitutions and swaps of neighbours),
     * or {@code bound} as soon as it cannot be less than {@code bound}.
     */
    static int distance(String a, String b, int bound) {
        if (Math.abs(a.length() - b.length()) >= bound || b.length() > MAX_COMPARED_LENGTH) {
            return bound;
        }
        int[] twoBack = new int[b.length() + 1];
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            int rowMin = current[0];
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int d = Math.min(Math.min(previous[j] + 1, current[j - 1] + 1), previous[j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d = Math.min(d, twoBack[j - 2] + 1);
                }
                current[j] = d;
                rowMin = Math.min(rowMin, d);
            }
            if (rowMin >= bound) {
                return bound;
            }
            int[] recycled = twoBack;
            twoBack = previous;
            previous = current;
            current = recycled;
        }
        return Math.min(previous[b.length()], bound);
    }
}
