package io.mcphost.protocol.internal;

import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.utilities.ProgressToken;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.module.SimpleModule;

/**
 * JSON mapping of the "string or integer" identifiers ({@link RequestId}, {@link ProgressToken}) when they
 * appear inside records, for example {@code notifications/cancelled}'s {@code requestId}. The JSON type is
 * preserved both ways; anything else (fractions, booleans, objects) is refused. Stateless and thread-safe.
 */
final class IdJsonModule extends SimpleModule {

    IdJsonModule() {
        super("mcphost-ids");
        addSerializer(RequestId.class, new ValueSerializer<>() {
            @Override
            public void serialize(RequestId id, JsonGenerator gen, SerializationContext ctxt) {
                switch (id) {
                    case RequestId.NumberId n -> gen.writeNumber(n.value());
                    case RequestId.StringId s -> gen.writeString(s.value());
                }
            }
        });
        addSerializer(ProgressToken.class, new ValueSerializer<>() {
            @Override
            public void serialize(ProgressToken token, JsonGenerator gen, SerializationContext ctxt) {
                switch (token) {
                    case ProgressToken.NumberToken n -> gen.writeNumber(n.value());
                    case ProgressToken.StringToken s -> gen.writeString(s.value());
                }
            }
        });
        addDeserializer(RequestId.class, new ValueDeserializer<>() {
            @Override
            public RequestId deserialize(JsonParser p, DeserializationContext ctxt) {
                return isString(p, ctxt, RequestId.class) ? RequestId.of(p.getString()) : RequestId.of(p.getLongValue());
            }
        });
        addDeserializer(ProgressToken.class, new ValueDeserializer<>() {
            @Override
            public ProgressToken deserialize(JsonParser p, DeserializationContext ctxt) {
                return isString(p, ctxt, ProgressToken.class) ? ProgressToken.of(p.getString()) : ProgressToken.of(p.getLongValue());
            }
        });
    }

    private static boolean isString(JsonParser p, DeserializationContext ctxt, Class<?> type) {
        JsonToken token = p.currentToken();
        if (token == JsonToken.VALUE_STRING) {
            return true;
        }
        if (token == JsonToken.VALUE_NUMBER_INT) {
            return false;
        }
        return ctxt.reportInputMismatch(type, "%s must be a string or an integer, got %s", type.getSimpleName(), token);
    }
}
