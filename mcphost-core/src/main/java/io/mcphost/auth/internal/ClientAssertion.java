package io.mcphost.auth.internal;

import io.mcphost.protocol.Json;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Instant;
import java.util.Base64;
import tools.jackson.databind.node.ObjectNode;

/**
 * A {@code private_key_jwt} client assertion (RFC 7523 section 2.2): a short-lived JWT signed with
 * the client's key, {@code iss} and {@code sub} the client id, {@code aud} the authorization
 * server. Signed with {@code java.security} only; ECDSA signatures in the JOSE (P1363) format.
 */
final class ClientAssertion {
    static final String TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

    private ClientAssertion() {
    }

    static String sign(String clientId, String audience, String pkcs8Pem, String algorithm) {
        String alg = algorithm.toUpperCase(java.util.Locale.ROOT);
        String jca = switch (alg) {
            case "ES256" -> "SHA256withECDSAinP1363Format";
            case "ES384" -> "SHA384withECDSAinP1363Format";
            case "ES512" -> "SHA512withECDSAinP1363Format";
            case "RS256" -> "SHA256withRSA";
            case "RS384" -> "SHA384withRSA";
            case "RS512" -> "SHA512withRSA";
            default -> throw new IllegalArgumentException("unsupported signing algorithm " + algorithm
                    + " (ES256, ES384, ES512, RS256, RS384, RS512)");
        };
        ObjectNode header = Json.newObject();
        header.put("alg", alg);
        header.put("typ", "JWT");
        long now = Instant.now().getEpochSecond();
        ObjectNode claims = Json.newObject();
        claims.put("iss", clientId);
        claims.put("sub", clientId);
        claims.put("aud", audience);
        claims.put("iat", now);
        claims.put("exp", now + 300);
        claims.put("jti", Secrets.random());
        String input = part(Json.write(header)) + "." + part(Json.write(claims));
        try {
            Signature signature = Signature.getInstance(jca);
            signature.initSign(key(pkcs8Pem, alg.startsWith("ES") ? "EC" : "RSA"));
            signature.update(input.getBytes(StandardCharsets.US_ASCII));
            return input + "." + Secrets.base64Url(signature.sign());
        } catch (java.security.GeneralSecurityException e) {
            // The message of a key error never quotes the key.
            throw new IllegalArgumentException("cannot sign the client assertion with the configured " + alg
                    + " key: " + e.getClass().getSimpleName());
        }
    }

    private static PrivateKey key(String pem, String family) throws java.security.GeneralSecurityException {
        String base64 = pem.replaceAll("-----(BEGIN|END) [A-Z ]+-----", "").replaceAll("\\s", "");
        byte[] der;
        try {
            der = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw new java.security.spec.InvalidKeySpecException("not base64 PEM");
        }
        return KeyFactory.getInstance(family).generatePrivate(new PKCS8EncodedKeySpec(der));
    }

    private static String part(String json) {
        return Secrets.base64Url(json.getBytes(StandardCharsets.UTF_8));
    }
}
