package io.mcphost.protocol.modern;

import java.util.Optional;

/**
 * A result's {@code resultType} (revision 2026-07-28). A result without the field, from any server,
 * is {@link #COMPLETE}.
 */
public enum ResultType {
    /** The request finished; the result holds its content. */
    COMPLETE("complete"),
    /** The server needs input first: the result is an {@link InputRequiredResult}. */
    INPUT_REQUIRED("input_required"),
    /** The server runs the request as a task (extension {@code io.modelcontextprotocol/tasks}): a flat CreateTaskResult. */
    TASK("task");

    private final String wire;

    ResultType(String wire) {
        this.wire = wire;
    }

    /** The value as it appears on the wire. */
    public String wire() {
        return wire;
    }

    /** The type named by a wire value; empty for a value this library does not know. */
    public static Optional<ResultType> fromWire(String value) {
        for (ResultType t : values()) {
            if (t.wire.equals(value)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
