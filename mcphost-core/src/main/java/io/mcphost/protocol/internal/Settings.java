package io.mcphost.protocol.internal;

import java.time.Duration;
import java.util.Objects;

/**
 * The one validation helper for builder arguments and settings, so every builder rejects a bad
 * value with the same sentence: "{@code <setting> must be positive, got <value>}". Use it instead of
 * writing a check of one's own.
 */
public final class Settings {
    private Settings() {
    }

    /**
     * @return {@code value}
     * @throws NullPointerException     naming {@code setting} when it is null
     * @throws IllegalArgumentException naming {@code setting} when it is zero or negative
     */
    public static Duration positive(Duration value, String setting) {
        Objects.requireNonNull(value, setting);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(setting + " must be positive, got " + value);
        }
        return value;
    }

    /**
     * @return {@code value}
     * @throws IllegalArgumentException naming {@code setting} when it is zero or negative
     */
    public static int positive(int value, String setting) {
        if (value <= 0) {
            throw new IllegalArgumentException(setting + " must be positive, got " + value);
        }
        return value;
    }

    /**
     * @return {@code value}
     * @throws IllegalArgumentException naming {@code setting} when it is outside {@code [min, max]}
     */
    public static double between(double value, double min, double max, String setting) {
        if (!(value >= min && value <= max)) {
            throw new IllegalArgumentException(setting + " must be between " + format(min) + " and " + format(max)
                    + ", got " + value);
        }
        return value;
    }

    private static String format(double bound) {
        return bound == Math.rint(bound) ? Long.toString((long) bound) : Double.toString(bound);
    }
}
