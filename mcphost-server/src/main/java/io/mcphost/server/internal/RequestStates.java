package io.mcphost.server.internal;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.server.SealingKeys;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code requestState} of 2026-07-28 input rounds (spec: basic/patterns/mrtr, server requirements):
 * the answers a handler consumed in earlier rounds, bound to the request (method, target, digest of
 * its arguments) and to an expiry, sealed (AES-GCM) under the server's {@link SealingKeys}: random
 * to this process unless the application shares keys between replicas, so that a retry may reach
 * any of them. The client can neither read nor change it; a state sealed under other keys, for
 * another request or past its expiry is refused. Thread-safe.
 */
final class RequestStates {
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final String PURPOSE = "mcphost/request-state";
    static final Duration LIFETIME = Duration.ofMinutes(10);

    private final SealingKeys keys;
    private final Clock clock;

    RequestStates(SealingKeys keys) {
        this(keys, Clock.systemUTC());
    }

    RequestStates(SealingKeys keys, Clock clock) {
        this.keys = keys;
        this.clock = clock;
    }

    /** Seals {@code answers} for a retry of the request {@code binding} names. */
    String seal(String binding, Map<String, JsonNode> answers) {
        ObjectNode payload = CODEC.newObject();
        payload.put("b", digest(binding));
        payload.put("x", clock.millis() + LIFETIME.toMillis());
        ObjectNode a = payload.putObject("a");
        answers.forEach(a::set);
        return keys.seal(PURPOSE, CODEC.mapper().writeValueAsString(payload).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The answers a state carries.
     *
     * @throws RequestException (-32602) if the state is malformed, tampered with, expired, or from another request
     */
    Map<String, JsonNode> open(String state, String binding) {
        byte[] body = keys.open(PURPOSE, state).orElseThrow(
                () -> refused("its integrity check failed (changed, malformed, or sealed by a server without this one's keys)"));
        JsonNode payload = CODEC.readTree(body);
        if (!digest(binding).equals(payload.path("b").asString(""))) {
            throw refused("it belongs to another request");
        }
        if (payload.path("x").asLong(0) < clock.millis()) {
            throw refused("it expired");
        }
        Map<String, JsonNode> answers = new LinkedHashMap<>();
        payload.path("a").properties().forEach(e -> answers.put(e.getKey(), e.getValue()));
        return answers;
    }

    private static RequestException refused(String why) {
        return new RequestException(JsonRpcError.INVALID_PARAMS, "Invalid requestState: " + why);
    }

    private static String digest(String binding) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(binding.getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(hash);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }
}
