package io.mcphost.otel;

import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;

/**
 * Opt-in recording of arguments and results: JSON text cut to a byte budget, because attribute
 * values travel in every export and backends drop or reject huge ones.
 */
final class Payloads {
    static final String TRUNCATED = "…[truncated]";

    private Payloads() {
    }

    /** {@code json} as compact text of at most {@code maxBytes} UTF-8 bytes, marker included when cut. */
    static String bounded(JsonNode json, int maxBytes) {
        String text = json.toString();
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= maxBytes) {
            return text;
        }
        int budget = Math.max(0, maxBytes - TRUNCATED.getBytes(StandardCharsets.UTF_8).length);
        // Step back to a character boundary: a cut inside a UTF-8 sequence would decode to U+FFFD.
        while (budget > 0 && (bytes[budget] & 0xC0) == 0x80) {
            budget--;
        }
        return new String(bytes, 0, budget, StandardCharsets.UTF_8) + TRUNCATED;
    }
}
