package io.mcphost.testkit.oauth;

import io.mcphost.protocol.Json;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.RSAPublicKey;
import java.util.Arrays;
import java.util.Base64;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JWT half of {@link OAuthTestServer}: an RSA signing key with its id, the JWK that publishes its
 * public half, JWTs signed with it (RS256, {@code typ: at+jwt}), and rotation to a new key. Thread-safe: the
 * key is replaced whole.
 */
final class JwtSigner {
    private static final SecureRandom RANDOM = new SecureRandom();

    /** An RSA key pair with its key id. */
    private record SigningKey(String kid, KeyPair pair) {
        static SigningKey generate() {
            try {
                KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
                generator.initialize(2048);
                byte[] id = new byte[8];
                RANDOM.nextBytes(id);
                return new SigningKey("k-" + b64(id), generator.generateKeyPair());
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("every JDK has RSA", e);
            }
        }
    }

    private volatile SigningKey key = SigningKey.generate();

    /** Replaces the key with a new one; returns its id. */
    String rotate() {
        SigningKey next = SigningKey.generate();
        key = next;
        return next.kid();
    }

    String kid() {
        return key.kid();
    }

    /** The current key's public half as a JWK (RS256, {@code use: sig}). */
    ObjectNode jwk() {
        SigningKey current = key;
        RSAPublicKey pub = (RSAPublicKey) current.pair().getPublic();
        ObjectNode k = Json.newObject();
        k.put("kty", "RSA");
        k.put("kid", current.kid());
        k.put("use", "sig");
        k.put("alg", "RS256");
        k.put("n", b64(unsigned(pub.getModulus())));
        k.put("e", b64(unsigned(pub.getPublicExponent())));
        return k;
    }

    /** {@code claims} as a JWT signed (RS256) with the current key, its {@code kid} in the header. */
    String sign(ObjectNode claims) {
        SigningKey current = key;
        ObjectNode header = Json.newObject();
        header.put("alg", "RS256");
        header.put("typ", "at+jwt");
        header.put("kid", current.kid());
        String input = b64(Json.write(header).getBytes(StandardCharsets.UTF_8)) + "."
                + b64(Json.write(claims).getBytes(StandardCharsets.UTF_8));
        try {
            Signature rsa = Signature.getInstance("SHA256withRSA");
            rsa.initSign(current.pair().getPrivate());
            rsa.update(input.getBytes(StandardCharsets.US_ASCII));
            return input + "." + b64(rsa.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign a JWT", e);
        }
    }

    private static byte[] unsigned(BigInteger value) {
        byte[] bytes = value.toByteArray();
        return bytes[0] == 0 && bytes.length > 1 ? Arrays.copyOfRange(bytes, 1, bytes.length) : bytes;
    }

    private static String b64(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
