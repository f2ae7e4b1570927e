package io.mcphost.cli;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Durations as people write them on a command line ({@code 30}, {@code 30s}, {@code 2m}, {@code 500ms},
 * {@code 1h}, {@code 1.5s}) or as ISO-8601 ({@code PT2M}), and back ({@code 2 s}). The one parser for
 * every option taking a duration, so they all accept the same forms. Stateless.
 */
final class Durations {
    private static final Pattern HUMAN = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|sec|m|min|h)?");
    private static final Pattern ISO_IN_TEXT = Pattern.compile("\\bPT(\\d+(?:\\.\\d+)?[HMS])+\\b");

    /** The longest duration accepted: what a long holds in nanoseconds. */
    static final Duration LONGEST = Duration.ofNanos(Long.MAX_VALUE);

    private Durations() {
    }

    /**
     * Parses a positive duration.
     *
     * @param option the option's name, for the message
     * @throws IllegalArgumentException naming the option and the accepted forms
     */
    static Duration parse(String option, String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        Duration d;
        Matcher m = HUMAN.matcher(t);
        if (m.matches()) {
            double amount = Double.parseDouble(m.group(1));
            double millis = switch (m.group(2) == null ? "s" : m.group(2)) {
                case "ms" -> amount;
                case "m", "min" -> amount * 60_000;
                case "h" -> amount * 3_600_000;
                default -> amount * 1000;
            };
            d = Duration.ofMillis(Math.round(millis));
        } else {
            try {
                d = Duration.parse(text.strip());
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException(option + " takes a duration such as 30 (seconds), 30s, 2m, 500ms or PT2M, not '"
                        + text + "'");
            }
        }
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(option + " must be positive: " + text);
        }
        // Timeouts become nanoseconds (System.nanoTime arithmetic), which hold about 292 years.
        if (d.compareTo(LONGEST) > 0) {
            throw new IllegalArgumentException(option + " is too long (at most " + LONGEST.toDays() + " days): " + text);
        }
        return d;
    }

    /** {@code 2 s}, {@code 500 ms}, {@code 2 min}, {@code 1 h 30 min}: how a person says it. */
    static String format(Duration d) {
        // A message may hold any ISO duration, longer than a long holds in milliseconds: then whole seconds.
        boolean fitsMillis = d.getSeconds() < Long.MAX_VALUE / 1000 && d.getSeconds() > Long.MIN_VALUE / 1000;
        if (fitsMillis && d.toMillis() < 1000) {
            return d.toMillis() + " ms";
        }
        if (fitsMillis && d.toMillis() % 1000 != 0) {
            return String.format(Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
        }
        long s = d.toSeconds();
        if (s < 120 || s % 60 != 0) {
            return s + " s";
        }
        long min = s / 60;
        return min < 60 || min % 60 != 0 ? (min >= 60 ? min / 60 + " h " + min % 60 + " min" : min + " min") : min / 60 + " h";
    }

    /** Rewrites every ISO-8601 duration in a message ({@code within PT2S}) the way a person says it. */
    static String humanize(String message) {
        Matcher m = ISO_IN_TEXT.matcher(message);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String replacement;
            try {
                replacement = format(Duration.parse(m.group()));
            } catch (DateTimeParseException e) {
                replacement = m.group();
            }
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }
}
