package io.mcphost.protocol.internal;

import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;

/**
 * Writes a {@code double} that holds a whole number as a JSON integer ({@code 50}, not {@code 50.0}),
 * so numbers a peer sent as integers go back out as it wrote them. Other values are written as doubles.
 */
public final class WholeNumberSerializer extends ValueSerializer<Double> {
    @Override
    public void serialize(Double value, JsonGenerator gen, SerializationContext context) {
        double v = value;
        if (v == Math.rint(v) && Math.abs(v) < 0x1p53) {
            gen.writeNumber((long) v);
        } else {
            gen.writeNumber(v);
        }
    }
}
