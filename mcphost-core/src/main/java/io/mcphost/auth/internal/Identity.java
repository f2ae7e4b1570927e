package io.mcphost.auth.internal;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

/**
 * Who the client is at one authorization server and how it authenticates at the token endpoint:
 * {@code none}, {@code client_secret_basic}, {@code client_secret_post} or {@code private_key_jwt}.
 * {@link #toString()} shows no secret.
 */
record Identity(String clientId, String secret, String method, String privateKeyPem, String algorithm, String redirectUri) {

    /** Adds the client authentication to a token request's form and headers. */
    void apply(Map<String, String> form, Map<String, String> headers, String audience) {
        switch (method) {
            case "client_secret_basic" -> {
                String pair = OAuthHttp.encode(clientId) + ":" + OAuthHttp.encode(secret == null ? "" : secret);
                headers.put("Authorization", "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8)));
            }
            case "client_secret_post" -> {
                form.put("client_id", clientId);
                form.put("client_secret", secret);
            }
            case "private_key_jwt" -> {
                form.put("client_id", clientId);
                form.put("client_assertion_type", ClientAssertion.TYPE);
                form.put("client_assertion", ClientAssertion.sign(clientId, audience, privateKeyPem, algorithm));
            }
            default -> form.put("client_id", clientId);
        }
    }

    @Override
    public String toString() {
        return "Identity[" + clientId + ", " + method + "]";
    }
}
