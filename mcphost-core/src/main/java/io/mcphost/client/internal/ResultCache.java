package io.mcphost.client.internal;

import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.modern.ModernResults;
import io.mcphost.protocol.modern.ResultType;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The client-side cache of cacheable results (revision 2026-07-28, server/utilities/caching): a
 * {@code tools/list}, {@code prompts/list}, {@code resources/list}, {@code resources/templates/list}
 * (each page by its cursor) or {@code resources/read} (by URI) answer is served again without a
 * request while it is fresh ({@code ttlMs} after it arrived). Never cached: results without a positive
 * {@code ttlMs} (every legacy server's), interim {@code input_required} results, and answers to
 * retries carrying {@code inputResponses} or {@code requestState}. A list-changed notification
 * invalidates that list's pages; {@code notifications/resources/updated} the read of its URI. One
 * cache per client, i.e. per authorisation context, so private and public results alike may be
 * kept. Bounded; thread-safe. As a stage it sits inside {@link InputRequired}.
 */
final class ResultCache implements RequestStage {
    private static final int MAX_ENTRIES = 512;

    private record Entry(JsonNode result, long freshUntilNanos) {
    }

    /**
     * The method with the params that choose the result (cursor, uri), not the per-request {@code _meta}.
     * Trees compare by value; a key is never turned into text (Jackson builds a mapper of its own the
     * first time a tree is, a few hundred ms on a cold JVM, before a host's first tools list).
     */
    private record Key(String method, JsonNode params) {
        static Key of(String method, ObjectNode params) {
            ObjectNode keyed = params.deepCopy();
            keyed.remove("_meta");
            return new Key(method, keyed);
        }
    }

    private final Map<Key, Entry> entries = new ConcurrentHashMap<>();

    @Override
    public CompletableFuture<JsonNode> apply(OutboundRequest request, Next next) {
        if (!ModernResults.CACHEABLE_METHODS.contains(request.method()) || request.params().has("inputResponses")
                || request.params().has("requestState")) {
            return next.proceed(request);
        }
        Key key = Key.of(request.method(), request.params());
        Entry hit = entries.get(key);
        if (hit != null) {
            if (System.nanoTime() - hit.freshUntilNanos() < 0) {
                return CompletableFuture.completedFuture(hit.result().deepCopy());
            }
            entries.remove(key, hit);
        }
        long sent = System.nanoTime();
        CompletableFuture<JsonNode> answer = next.proceed(request);
        return answer.thenApply(result -> {
            long ttl = ModernResults.ttlMs(result).orElse(0L);
            if (ttl > 0 && ModernResults.resultType(result).orElse(null) == ResultType.COMPLETE
                    && entries.size() < MAX_ENTRIES) {
                // Fresh from when it was asked: the answer's own travel time is not added to its life.
                entries.put(key, new Entry(result.deepCopy(), sent + ttl * 1_000_000L));
            }
            return result;
        });
    }

    /** A notification that makes cached results stale. Any thread. */
    void invalidate(String notification, JsonNode params) {
        switch (notification) {
            case McpMethod.NOTIFICATIONS_TOOLS_LIST_CHANGED -> drop(McpMethod.TOOLS_LIST);
            case McpMethod.NOTIFICATIONS_PROMPTS_LIST_CHANGED -> drop(McpMethod.PROMPTS_LIST);
            case McpMethod.NOTIFICATIONS_RESOURCES_LIST_CHANGED -> {
                drop(McpMethod.RESOURCES_LIST);
                drop(McpMethod.RESOURCES_TEMPLATES_LIST);
            }
            case McpMethod.NOTIFICATIONS_RESOURCES_UPDATED -> {
                String uri = params.path("uri").asString("");
                entries.keySet().removeIf(k -> k.method().equals(McpMethod.RESOURCES_READ)
                        && k.params().path("uri").asString("").contains(uri));
            }
            default -> { }
        }
    }

    /** Everything (a new connection, a new session). */
    void clear() {
        entries.clear();
    }

    private void drop(String method) {
        entries.keySet().removeIf(k -> k.method().equals(method));
    }
}
