package io.mcphost.protocol.modern;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mcphost.protocol.internal.FuzzSupport;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * {@link ModernResults}, the hand-written readers of a 2026-07-28 result's envelope fields (its
 * {@code resultType}, cache hints and the server info in {@code _meta}), on any JSON a server sends as a
 * result: each gives a value (empty for what is malformed), never an exception, and a ttl it gives is
 * non-negative.
 */
class ModernResultsFuzzTest {

    @FuzzTest(maxDuration = "10m")
    void readsEnvelopeFields(byte[] input) {
        JsonNode result = FuzzSupport.jacksonTree(input);
        if (result == null) {
            return;
        }
        ModernResults.resultType(result);
        ModernResults.cacheScope(result);
        Optional<Long> ttl = ModernResults.ttlMs(result);
        if (ttl.isPresent() && ttl.get() < 0) {
            throw new AssertionError("a negative ttl: " + ttl.get() + " from " + result);
        }
        ModernResults.serverInfo(Optional.of(result.path("_meta")));
        ModernResults.serverInfo(Optional.of(result));
    }
}
