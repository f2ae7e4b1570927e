package io.mcphost.protocol.utilities;

import java.util.Objects;

/**
 * A token that ties {@code notifications/progress} to the request that asked for it. Like a request id
 * it may be a string or an integer, and the notification must echo the exact JSON type, so {@code 7} and
 * {@code "7"} are different tokens. The JSON mapping lives in {@code JsonCodec}.
 *
 * <p>Immutable and thread-safe; equality is by type and value.
 */
public sealed interface ProgressToken permits ProgressToken.NumberToken, ProgressToken.StringToken {

    /** An integer token. */
    record NumberToken(long value) implements ProgressToken {
        @Override
        public String toString() {
            return Long.toString(value);
        }
    }

    /** A string token. */
    record StringToken(String value) implements ProgressToken {
        public StringToken {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public String toString() {
            return '"' + value + '"';
        }
    }

    static ProgressToken of(long value) {
        return new NumberToken(value);
    }

    static ProgressToken of(String value) {
        return new StringToken(value);
    }
}
