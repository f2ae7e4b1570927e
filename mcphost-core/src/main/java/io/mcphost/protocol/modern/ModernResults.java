package io.mcphost.protocol.modern;

import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.lifecycle.Implementation;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads and writes the top-level fields revision 2026-07-28 adds to every result ({@code resultType})
 * and to cacheable ones ({@code ttlMs}, {@code cacheScope}), on the raw JSON of a result. The records
 * of the other protocol packages stay era-neutral; these fields live on the wire only.
 *
 * <p>Stateless and thread-safe.
 */
public final class ModernResults {
    /** The methods whose results are cacheable ({@code ttlMs} and {@code cacheScope} required). */
    public static final Set<String> CACHEABLE_METHODS = Set.of(
            "tools/list", "prompts/list", "resources/list", "resources/read", "resources/templates/list",
            ModernMethods.SERVER_DISCOVER);

    private ModernResults() {
    }

    /**
     * The result's type. A missing field means {@link ResultType#COMPLETE} (results of handshake-era
     * servers); an unknown value is empty, which a client treats as a malformed answer.
     */
    public static Optional<ResultType> resultType(JsonNode result) {
        JsonNode type = result == null ? null : result.get("resultType");
        if (type == null || type.isNull()) {
            return Optional.of(ResultType.COMPLETE);
        }
        return type.isString() ? ResultType.fromWire(type.asString()) : Optional.empty();
    }

    /** {@code ttlMs} when present and a non-negative integer. */
    public static Optional<Long> ttlMs(JsonNode result) {
        JsonNode ttl = result == null ? null : result.get("ttlMs");
        // canConvertToLong first: a wider integer is not a ttl, and Jackson 3's longValue() throws on it.
        return ttl != null && ttl.isIntegralNumber() && ttl.canConvertToLong() && ttl.longValue() >= 0
                ? Optional.of(ttl.longValue()) : Optional.empty();
    }

    /** {@code cacheScope} when present and known. */
    public static Optional<CacheScope> cacheScope(JsonNode result) {
        JsonNode scope = result == null ? null : result.get("cacheScope");
        return scope != null && scope.isString() ? CacheScope.fromWire(scope.asString()) : Optional.empty();
    }

    /** Sets {@code resultType: "complete"} on a result object, keeping a type already present. */
    public static ObjectNode markComplete(ObjectNode result) {
        if (!result.has("resultType")) {
            result.put("resultType", ResultType.COMPLETE.wire());
        }
        return result;
    }

    /** Sets the cache hints on a result object (replacing any present). */
    public static ObjectNode withCacheHints(ObjectNode result, long ttlMs, CacheScope scope) {
        if (ttlMs < 0) {
            throw new IllegalArgumentException("ttlMs must be >= 0, was " + ttlMs);
        }
        result.put("ttlMs", ttlMs);
        result.put("cacheScope", scope.wire());
        return result;
    }

    /** The {@link ModernMeta#SERVER_INFO} of a result's {@code _meta}, when present and well formed. */
    public static Optional<Implementation> serverInfo(Optional<JsonNode> meta) {
        return meta.map(m -> m.get(ModernMeta.SERVER_INFO))
                .filter(JsonNode::isObject)
                .filter(n -> n.path("name").isString() && n.path("version").isString())
                .flatMap(n -> {
                    try {
                        return Optional.of(JsonCodec.get().treeToValue(n, Implementation.class));
                    } catch (RuntimeException malformed) {
                        return Optional.empty();
                    }
                });
    }
}
