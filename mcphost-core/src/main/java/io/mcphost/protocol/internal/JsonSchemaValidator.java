package io.mcphost.protocol.internal;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.dialect.DefaultDialectRegistry;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.keyword.AnnotationKeyword;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * Validates JSON against JSON Schemas that peers send: a tool's {@code inputSchema} and
 * {@code outputSchema}, an elicitation's {@code requestedSchema}. MCP 2025-11-25 makes 2020-12 the
 * default dialect; a schema's own {@code $schema} wins, so draft-07 schemas from older servers keep
 * their meaning. The schemas come from untrusted servers, so remote {@code $ref}s are never fetched
 * (a reference that cannot be resolved locally is reported as a violation) and the cache of compiled
 * schemas is bounded (least recently used entries go first).
 *
 * <p>Thread-safe and shared; {@link #validate} does no I/O.
 */
public final class JsonSchemaValidator {
    /** Compiled schemas kept; a server rarely has more tools than this, and eviction only costs a recompile. */
    public static final int DEFAULT_CACHE_ENTRIES = 512;

    /**
     * Keywords servers use that no JSON Schema dialect defines, known here as annotations (no effect on
     * validation) so the library does not warn "Unknown keyword" for every schema that has them:
     * {@code enumNames}, the titles of a legacy enum (MCP 2025-06-18 elicitation, still accepted in 2025-11-25),
     * and {@code x-mcp-header}, which marks a tool parameter mirrored into an {@code Mcp-Param-*} HTTP header
     * (MCP 2026-07-28).
     */
    /**
     * Schemas nested deeper are refused: the JSON parser allows no deeper documents, and the library and
     * the cache (hashCode, equals) recurse once per level.
     */
    static final int MAX_SCHEMA_DEPTH = 1_000;

    static final List<String> EXTRA_ANNOTATIONS = List.of("enumNames", "x-mcp-header");

    /** The dialects a schema may name with {@code $schema}, each knowing {@link #EXTRA_ANNOTATIONS}. */
    static final List<Dialect> DIALECTS = Stream.of(Dialects.getDraft4(), Dialects.getDraft6(), Dialects.getDraft7(),
            Dialects.getDraft201909(), Dialects.getDraft202012()).map(JsonSchemaValidator::withExtraAnnotations).toList();

    // After DIALECTS: static fields initialise in order, and the constructor needs them.
    private static final JsonSchemaValidator INSTANCE = new JsonSchemaValidator(DEFAULT_CACHE_ENTRIES);

    private final SchemaRegistry registry = SchemaRegistry.builder()
            .defaultDialectId(SpecificationVersion.DRAFT_2020_12.getDialectId())
            .dialectRegistry(new DefaultDialectRegistry(DIALECTS))
            .schemaLoader(loader -> loader.fetchRemoteResources(false))
            .schemaRegistryConfig(SchemaRegistryConfig.builder()
                    .regularExpressionFactory(new BoundedRegularExpressions()).build())
            .build();
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<JsonNode, Schema> cache;

    /** A validator with its own cache of at most {@code cacheEntries} compiled schemas. */
    public JsonSchemaValidator(int cacheEntries) {
        if (cacheEntries < 1) {
            throw new IllegalArgumentException("cacheEntries must be at least 1, got " + cacheEntries);
        }
        cache = new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<JsonNode, Schema> eldest) {
                return size() > cacheEntries;
            }
        };
    }

    /** The shared validator. */
    public static JsonSchemaValidator get() {
        return INSTANCE;
    }

    /**
     * Returns the ways {@code instance} breaks {@code schema}, one readable sentence each (starting with the
     * JSON path of the offending value), or an empty list when it conforms. A schema that cannot be compiled
     * (not an object, unknown dialect, unresolvable reference, references in a loop, nested deeper than
     * {@value #MAX_SCHEMA_DEPTH} levels, a {@code pattern} too costly to match) is reported as one violation,
     * never thrown.
     */
    public List<String> validate(JsonNode schema, JsonNode instance) {
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(instance, "instance");
        if (deeperThan(schema, MAX_SCHEMA_DEPTH)) {
            // Checked first: even the cache lookup (hashCode, equals) recurses as deep as the schema nests.
            return List.of("the schema itself is invalid: it nests deeper than " + MAX_SCHEMA_DEPTH + " levels");
        }
        Schema compiled;
        try {
            compiled = compile(schema);
            return compiled.validate(instance).stream().map(JsonSchemaValidator::describe).toList();
        } catch (RuntimeException e) {
            // The library reports broken schemas and unresolvable $refs lazily, as exceptions.
            return List.of("the schema itself is invalid: " + e.getMessage());
        } catch (StackOverflowError e) {
            // The library follows references without checking for cycles: {"$ref": "#"} recurses on the
            // same value until the stack overflows (so does a schema or value nested deeper than the stack
            // allows). The frames unwound are the library's, and the compiled schema, which it may have
            // left half-resolved, is dropped from the cache.
            forget(schema);
            return List.of("the schema itself is invalid: it refers to itself in a loop, or it or the value nests too deeply");
        }
    }

    private void forget(JsonNode schema) {
        lock.lock();
        try {
            cache.remove(schema);
        } finally {
            lock.unlock();
        }
    }

    /** Whether {@code node} has objects or arrays nested more than {@code limit} deep; iterative, as the tree may be deep. */
    static boolean deeperThan(JsonNode node, int limit) {
        Deque<JsonNode> nodes = new ArrayDeque<>();
        Deque<Integer> depths = new ArrayDeque<>();
        nodes.push(node);
        depths.push(0);
        while (!nodes.isEmpty()) {
            JsonNode next = nodes.pop();
            int depth = depths.pop();
            if (next.isContainer()) {
                if (depth >= limit) {
                    return true;
                }
                for (JsonNode child : next) {
                    nodes.push(child);
                    depths.push(depth + 1);
                }
            }
        }
        return false;
    }

    /** Whether {@code instance} conforms to {@code schema}. */
    public boolean isValid(JsonNode schema, JsonNode instance) {
        return validate(schema, instance).isEmpty();
    }

    /** How many compiled schemas are cached now (for tests and metrics). */
    public int cachedSchemas() {
        lock.lock();
        try {
            return cache.size();
        } finally {
            lock.unlock();
        }
    }

    /** The compiled (and cached) schema; package-private for tests. */
    Schema compile(JsonNode schema) {
        if (!schema.isObject() && !schema.isBoolean()) {
            throw new IllegalArgumentException("a JSON Schema must be an object or a boolean, got " + schema.getNodeType());
        }
        Schema compiled;
        lock.lock();
        try {
            compiled = cache.get(schema);
        } finally {
            lock.unlock();
        }
        if (compiled != null) {
            return compiled;
        }
        // Compile outside the lock: a large schema must not stall validations of other tools.
        JsonNode key = schema.deepCopy();
        compiled = registry.getSchema(key);
        lock.lock();
        try {
            cache.put(key, compiled);
        } finally {
            lock.unlock();
        }
        return compiled;
    }

    private static Dialect withExtraAnnotations(Dialect dialect) {
        Dialect.Builder builder = Dialect.builder(dialect);
        EXTRA_ANNOTATIONS.forEach(keyword -> builder.keyword(new AnnotationKeyword(keyword)));
        return builder.build();
    }

    private static String describe(Error error) {
        return error.toString();
    }
}
