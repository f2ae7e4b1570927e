package io.mcphost.auth.internal;

import io.mcphost.protocol.Json;
import java.math.BigInteger;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.time.Instant;
import tools.jackson.databind.node.ObjectNode;

/**
 * A DPoP key (RFC 9449) and its proofs: an EC P-256 key pair made for one OAuth client and kept in
 * memory only (a token bound to it is useless without it, so such tokens are not stored either).
 * Each proof is a fresh JWT ({@code typ: dpop+jwt}, the public key as {@code jwk}) naming the
 * method and URL (without query or fragment), with {@code ath} — the hash of the access token —
 * on requests to the resource, and the server's nonce when it asked for one.
 */
final class DpopKey {
    private final KeyPair pair;
    private final ObjectNode jwk;

    DpopKey() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            pair = generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("no EC P-256 in this JVM", e);
        }
        ECPublicKey pub = (ECPublicKey) pair.getPublic();
        jwk = Json.newObject();
        jwk.put("kty", "EC");
        jwk.put("crv", "P-256");
        jwk.put("x", Secrets.base64Url(coordinate(pub.getW().getAffineX())));
        jwk.put("y", Secrets.base64Url(coordinate(pub.getW().getAffineY())));
    }

    /** A proof for {@code method} {@code uri}; {@code accessToken} and {@code nonce} may be null. */
    String proof(String method, URI uri, String accessToken, String nonce) {
        ObjectNode header = Json.newObject();
        header.put("typ", "dpop+jwt");
        header.put("alg", "ES256");
        header.set("jwk", jwk);
        ObjectNode claims = Json.newObject();
        claims.put("jti", Secrets.random());
        claims.put("htm", method);
        claims.put("htu", Urls.safe(uri));
        claims.put("iat", Instant.now().getEpochSecond());
        if (accessToken != null) {
            claims.put("ath", Secrets.base64Url(Secrets.sha256(accessToken.getBytes(StandardCharsets.US_ASCII))));
        }
        if (nonce != null) {
            claims.put("nonce", nonce);
        }
        String input = Secrets.base64Url(Json.write(header).getBytes(StandardCharsets.UTF_8)) + "."
                + Secrets.base64Url(Json.write(claims).getBytes(StandardCharsets.UTF_8));
        try {
            Signature signature = Signature.getInstance("SHA256withECDSAinP1363Format");
            signature.initSign(pair.getPrivate());
            signature.update(input.getBytes(StandardCharsets.US_ASCII));
            return input + "." + Secrets.base64Url(signature.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign a DPoP proof: " + e.getClass().getSimpleName());
        }
    }

    /** A P-256 coordinate as exactly 32 big-endian bytes. */
    private static byte[] coordinate(BigInteger value) {
        byte[] raw = value.toByteArray();
        byte[] out = new byte[32];
        int copy = Math.min(raw.length, 32);
        System.arraycopy(raw, raw.length - copy, out, 32 - copy, copy);
        return out;
    }
}
