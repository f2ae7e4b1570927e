package io.mcphost.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.CallOptions;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.internal.JsonCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** {@link ResultCache} keys a request by its method and params without its {@code _meta}, and forgets what notifications make stale. */
class ResultCacheTest {
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final String FRESH = "{\"resultType\":\"complete\",\"ttlMs\":60000,\"n\":%d}";

    private final ResultCache cache = new ResultCache();
    private final List<OutboundRequest> sent = new ArrayList<>();

    private int ask(String method, String params) {
        ObjectNode body = (ObjectNode) CODEC.readTree(params);
        JsonNode result = cache.apply(new OutboundRequest(method, body, CallOptions.defaults()), request -> {
            sent.add(request);
            return CompletableFuture.completedFuture(CODEC.readTree(FRESH.formatted(sent.size())));
        }).join();
        return result.path("n").intValue();
    }

    @Test
    void theSameParamsAreServedAgainWhateverTheirMeta() {
        assertThat(ask(McpMethod.TOOLS_LIST, "{\"_meta\":{\"progressToken\":1}}")).isEqualTo(1);
        assertThat(ask(McpMethod.TOOLS_LIST, "{\"_meta\":{\"progressToken\":2}}")).isEqualTo(1);
        assertThat(ask(McpMethod.TOOLS_LIST, "{}")).isEqualTo(1);
        assertThat(ask(McpMethod.TOOLS_LIST, "{\"cursor\":\"p2\"}")).as("another page").isEqualTo(2);
        assertThat(ask(McpMethod.PROMPTS_LIST, "{}")).as("another method").isEqualTo(3);
        assertThat(sent).hasSize(3);
    }

    @Test
    void aListChangeForgetsEveryPageOfThatListOnly() {
        ask(McpMethod.TOOLS_LIST, "{}");
        ask(McpMethod.TOOLS_LIST, "{\"cursor\":\"p2\"}");
        ask(McpMethod.PROMPTS_LIST, "{}");
        cache.invalidate(McpMethod.NOTIFICATIONS_TOOLS_LIST_CHANGED, null);
        assertThat(ask(McpMethod.TOOLS_LIST, "{}")).isEqualTo(4);
        assertThat(ask(McpMethod.TOOLS_LIST, "{\"cursor\":\"p2\"}")).isEqualTo(5);
        assertThat(ask(McpMethod.PROMPTS_LIST, "{}")).as("still fresh").isEqualTo(3);
    }

    @Test
    void anUpdatedResourceForgetsItsReadsOnly() {
        ask(McpMethod.RESOURCES_READ, "{\"uri\":\"file:///a\"}");
        ask(McpMethod.RESOURCES_READ, "{\"uri\":\"file:///b\"}");
        cache.invalidate(McpMethod.NOTIFICATIONS_RESOURCES_UPDATED, CODEC.readTree("{\"uri\":\"file:///a\"}"));
        assertThat(ask(McpMethod.RESOURCES_READ, "{\"uri\":\"file:///a\"}")).isEqualTo(3);
        assertThat(ask(McpMethod.RESOURCES_READ, "{\"uri\":\"file:///b\"}")).isEqualTo(2);
    }
}
