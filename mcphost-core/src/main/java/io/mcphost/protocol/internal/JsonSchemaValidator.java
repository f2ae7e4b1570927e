package io.mcphost.protocol.internal;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import tools.jackson.databind.JsonNode;

/**
 * Validates JSON against JSON Schemas that servers send (tool output schemas, elicitation
 * schemas). MCP 2025-11-25 makes 2020-12 the default dialect; a schema's own {@code $schema}
 * wins. Remote {@code $ref}s are never fetched. Compiled schemas are cached (bounded, least
 * recently used). Thread-safe.
 */
public final class JsonSchemaValidator {
    private static final JsonSchemaValidator INSTANCE = new JsonSchemaValidator();
    private static final int CACHE_ENTRIES = 512;

    private final SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<JsonNode, Schema> cache = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<JsonNode, Schema> eldest) {
            return size() > CACHE_ENTRIES;
        }
    };

    private JsonSchemaValidator() {
    }

    public static JsonSchemaValidator get() {
        return INSTANCE;
    }

    /**
     * Returns the ways {@code instance} breaks {@code schema}, one readable sentence each, or an
     * empty list when it conforms. A schema that cannot be compiled is reported as one violation.
     */
    public List<String> validate(JsonNode schema, JsonNode instance) {
        Schema compiled;
        try {
            compiled = compile(schema);
        } catch (RuntimeException e) {
            return List.of("the schema itself is invalid: " + e.getMessage());
        }
        return compiled.validate(instance).stream().map(JsonSchemaValidator::describe).toList();
    }

    private Schema compile(JsonNode schema) {
        lock.lock();
        try {
            Schema compiled = cache.get(schema);
            if (compiled == null) {
                compiled = registry.getSchema(schema.deepCopy());
                cache.put(schema.deepCopy(), compiled);
            }
            return compiled;
        } finally {
            lock.unlock();
        }
    }

    private static String describe(Error error) {
        return error.getMessage();
    }
}
