package io.mcphost.protocol;

import java.util.Objects;

/**
 * A JSON-RPC request id. The spec allows a string or a number and a response must echo the exact
 * id, so the JSON type is preserved: {@code 7} and {@code "7"} are different ids.
 *
 * <p>Immutable and thread-safe; equality is by type and value.
 */
public sealed interface RequestId permits RequestId.NumberId, RequestId.StringId {

    /** A numeric id. JSON-RPC ids are integers in practice; fractional ids are refused by the codec. */
    record NumberId(long value) implements RequestId {
        // Written out, though a record has them: the generated ones go through a method handle, and a
        // client hashes an id into its pending requests on every call and looks it up on every answer.
        @Override
        public boolean equals(Object other) {
            return other instanceof NumberId n && n.value == value;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(value);
        }

        @Override
        public String toString() {
            return Long.toString(value);
        }
    }

    /** A string id. */
    record StringId(String value) implements RequestId {
        public StringId {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public String toString() {
            return '"' + value + '"';
        }
    }

    static RequestId of(long value) {
        return new NumberId(value);
    }

    static RequestId of(String value) {
        return new StringId(value);
    }
}
