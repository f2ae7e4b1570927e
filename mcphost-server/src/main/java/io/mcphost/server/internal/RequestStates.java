package io.mcphost.server.internal;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.internal.JsonCodec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code requestState} of 2026-07-28 input rounds (spec: basic/patterns/mrtr, server requirements):
 * the answers a handler consumed in earlier rounds, bound to the request (method, target, digest of
 * its arguments) and to an expiry, and protected by an HMAC-SHA256 under a random key of this server
 * process. The client cannot read it meaningfully and cannot change it undetected; a state from
 * another server process, another request or after its expiry is refused. Thread-safe.
 */
final class RequestStates {
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final String MAC = "HmacSHA256";
    static final Duration LIFETIME = Duration.ofMinutes(10);

    private final SecretKeySpec key;
    private final Clock clock;

    RequestStates() {
        this(Clock.systemUTC());
    }

    RequestStates(Clock clock) {
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        this.key = new SecretKeySpec(secret, MAC);
        this.clock = clock;
    }

    /** Seals {@code answers} for a retry of the request {@code binding} names. */
    String seal(String binding, Map<String, JsonNode> answers) {
        ObjectNode payload = CODEC.newObject();
        payload.put("b", digest(binding));
        payload.put("x", clock.millis() + LIFETIME.toMillis());
        ObjectNode a = payload.putObject("a");
        answers.forEach(a::set);
        byte[] body = CODEC.mapper().writeValueAsString(payload).getBytes(StandardCharsets.UTF_8);
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        return b64.encodeToString(body) + "." + b64.encodeToString(mac(body));
    }

    /**
     * The answers a state carries.
     *
     * @throws RequestException (-32602) if the state is malformed, tampered with, expired, or from another request
     */
    Map<String, JsonNode> open(String state, String binding) {
        int dot = state.indexOf('.');
        byte[] body;
        byte[] tag;
        try {
            if (dot < 0) {
                throw new IllegalArgumentException("no tag");
            }
            body = Base64.getUrlDecoder().decode(state.substring(0, dot));
            tag = Base64.getUrlDecoder().decode(state.substring(dot + 1));
        } catch (IllegalArgumentException e) {
            throw refused("it is malformed");
        }
        if (!MessageDigest.isEqual(tag, mac(body))) {
            throw refused("its integrity check failed");
        }
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

    private byte[] mac(byte[] body) {
        try {
            Mac mac = Mac.getInstance(MAC);
            mac.init(key);
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
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
