package io.mcphost.protocol;

import io.mcphost.protocol.internal.JsonSchemaValidator;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Checks JSON against the JSON Schemas servers send: a tool's {@code inputSchema} or
 * {@code outputSchema}, an elicitation's {@code requestedSchema}. JSON Schema 2020-12 unless the
 * schema names another dialect with {@code $schema}. Remote {@code $ref}s are never fetched, since
 * the schemas come from untrusted servers. Thread-safe; compiled schemas are cached (bounded), and
 * nothing here does I/O.
 */
public final class JsonSchemas {
    private JsonSchemas() {
    }

    /**
     * Returns the ways {@code instance} breaks {@code schema}, one readable sentence each (starting
     * with the JSON path of the offending value), or an empty list when it conforms. Never throws
     * for a bad schema: a schema that cannot be compiled (not an object or boolean, unknown dialect,
     * unresolvable reference) is reported as one violation.
     */
    public static List<String> validate(JsonNode schema, JsonNode instance) {
        return JsonSchemaValidator.get().validate(schema, instance);
    }
}
