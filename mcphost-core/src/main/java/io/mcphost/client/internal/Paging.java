package io.mcphost.client.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.internal.JsonCodec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Paging of the list methods ({@code tools/list}, {@code tasks/list} …): every page, following
 * {@code nextCursor} until it is absent, and never forever. Stateless.
 */
final class Paging {
    /** A server that keeps handing out cursors must not keep us paging forever. */
    static final int MAX_PAGES = 1_000;
    private static final JsonCodec CODEC = JsonCodec.get();

    private Paging() {
    }

    /** Fetches every page of a list method and decodes the items of its {@code field} array. */
    static <T> CompletableFuture<List<T>> all(Exchange exchange, String method, String field, Class<T> type) {
        return all(exchange, method, field, type, item -> null);
    }

    /**
     * {@link #all(Exchange, String, String, Class)} with a reader that builds an item straight from its
     * tree in its plain shape (null for any other, which Jackson converts): see {@link JsonCodec}.
     */
    static <T> CompletableFuture<List<T>> all(Exchange exchange, String method, String field, Class<T> type,
                                              Function<JsonNode, ? extends T> plain) {
        return page(exchange, method, CODEC.newObject(), field, type, plain, null, new ArrayList<>(), new HashSet<>());
    }

    /**
     * {@link #all(Exchange, String, String, Class)} for a list method with parameters besides the cursor
     * (such as {@code resources/directory/read}'s {@code uri}), sent with every page.
     */
    static <T> CompletableFuture<List<T>> all(Exchange exchange, String method, ObjectNode params, String field, Class<T> type) {
        return page(exchange, method, params.deepCopy(), field, type, item -> null, null, new ArrayList<>(), new HashSet<>());
    }

    private static <T> CompletableFuture<List<T>> page(Exchange exchange, String method, ObjectNode fixed, String field, Class<T> type,
                                                       Function<JsonNode, ? extends T> plain, String cursor, List<T> items,
                                                       Set<String> seenCursors) {
        ObjectNode params = fixed.deepCopy();
        if (cursor != null) {
            params.put("cursor", cursor);
        }
        return exchange.send(method, params, CallOptions.defaults(), result -> result).thenCompose(result -> {
            JsonNode list = result.path(field);
            if (!list.isArray()) {
                throw new McpProtocolException(exchange.name(), method + ": the answer has no '" + field + "' array");
            }
            for (JsonNode item : list) {
                try {
                    items.add(CODEC.treeToValue(item, type, plain));
                } catch (McpProtocolException e) {
                    throw new McpProtocolException(exchange.name(), method + ": " + e.getMessage(), e);
                }
            }
            JsonNode next = result.path("nextCursor");
            if (!next.isString()) {
                return CompletableFuture.completedFuture(List.copyOf(items));
            }
            if (!seenCursors.add(next.stringValue()) || seenCursors.size() >= MAX_PAGES) {
                throw new McpProtocolException(exchange.name(), method + ": the server's pagination does not end (cursor '"
                        + next.stringValue() + "' repeated or more than " + MAX_PAGES + " pages)");
            }
            return page(exchange, method, fixed, field, type, plain, next.stringValue(), items, seenCursors);
        });
    }
}
