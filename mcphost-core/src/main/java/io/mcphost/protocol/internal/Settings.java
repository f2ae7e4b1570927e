package io.mcphost.protocol.internal;

import java.time.Duration;
import java.util.Objects;

/** Checks shared by the builders, so every one rejects a bad setting with the same sentence. */
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
}
