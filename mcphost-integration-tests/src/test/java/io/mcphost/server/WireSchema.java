package io.mcphost.server;

import io.mcphost.protocol.SpecSchemas;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.internal.JsonSchemaValidator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Test utility: checks what the server writes against one definition of the official 2025-11-25
 * schema ({@code <mcphost.spec.dir>/2025-11-25/schema.json}), with the validator the server itself
 * uses for tool arguments.
 */
public final class WireSchema {
    private static final Map<String, JsonNode> SCHEMAS = new ConcurrentHashMap<>();
    private static volatile JsonNode document;

    private WireSchema() {
    }

    /** Fails with the violations when {@code json} is not a valid {@code defName}, e.g. {@code ListToolsResult}. */
    public static void assertValid(JsonNode json, String defName) {
        List<String> problems = JsonSchemaValidator.get().validate(schemaFor(defName), json);
        if (!problems.isEmpty()) {
            throw new AssertionError("not a valid 2025-11-25 " + defName + ": " + problems + "\n" + json);
        }
    }

    private static JsonNode schemaFor(String defName) {
        return SCHEMAS.computeIfAbsent(defName, name -> {
            JsonNode doc = document();
            if (!doc.path("$defs").has(name)) {
                throw new IllegalArgumentException("the 2025-11-25 schema has no definition " + name);
            }
            // The whole document keeps every $ref inside it resolvable; the root $ref picks the definition.
            ObjectNode schema = (ObjectNode) doc.deepCopy();
            schema.put("$ref", "#/$defs/" + name);
            return schema;
        });
    }

    private static JsonNode document() {
        if (document == null) {
            Path file = SpecSchemas.specDir().resolve("2025-11-25").resolve("schema.json");
            try {
                document = JsonCodec.get().mapper().readTree(Files.readString(file));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the spec schema " + file.toAbsolutePath(), e);
            }
        }
        return document;
    }
}
