package io.mcphost.auth.internal;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

/** Random values and PKCE (RFC 7636, S256 only). */
final class Secrets {
    private static final SecureRandom RANDOM = new SecureRandom();

    private Secrets() {
    }

    /** 32 random bytes, base64url without padding: a PKCE verifier (43 characters), a state, a JWT id. */
    static String random() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return base64Url(bytes);
    }

    /** The S256 code challenge of {@code verifier}. */
    static String challenge(String verifier) {
        return base64Url(sha256(verifier.getBytes(StandardCharsets.US_ASCII)));
    }

    static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256 in this JVM", e);
        }
    }

    static String base64Url(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
