package io.mcphost.auth.internal;

import io.mcphost.auth.McpAuthorizationException;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The grants without a user or a browser that present an assertion (RFC 7523 JWT bearer):
 * workload identity federation (the platform's workload JWT, SEP-1933) and enterprise-managed
 * authorization (SEP-990: the user's ID token is first exchanged at the enterprise identity
 * provider, RFC 8693, for an identity assertion JWT authorization grant, an "ID-JAG"). A refused
 * request is reported, never retried with another grant: the assertion will not get better.
 */
final class Assertions {
    static final String JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";
    private static final String TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange";

    private Assertions() {
    }

    static void jwtBearer(OAuthFlow flow, Discovery.Found f, String scope) {
        String server = flow.server();
        String assertion = switch (flow.settings().grant()) {
            case ENTERPRISE_MANAGED -> idJag(flow, f, scope);
            default -> flow.settings().assertion().orElseThrow().get();
        };
        if (assertion == null || assertion.isBlank()) {
            throw new McpAuthorizationException(server, "no assertion to present to the authorization server");
        }
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", JWT_BEARER);
        form.put("assertion", assertion);
        form.put("resource", f.resource());
        form.put("scope", OAuthFlow.withoutOfflineAccess(scope));
        Map<String, String> headers = new LinkedHashMap<>();
        Identity identity = flow.knownIdentity(f, null);
        if (identity != null) {
            identity.apply(form, headers, f.issuer());
        }
        OAuthHttp.Answer answer = flow.token(f.tokenEndpoint(), form, headers);
        if (!answer.ok()) {
            throw new McpAuthorizationException(server, "the JWT bearer token request to " + Urls.safe(f.tokenEndpoint())
                    + " was refused: " + answer.error());
        }
        flow.install(f, answer, form.get("scope"), null);
    }

    /** RFC 8693 at the identity provider: the user's ID token for an ID-JAG addressed to this authorization server. */
    private static String idJag(OAuthFlow flow, Discovery.Found f, String scope) {
        String server = flow.server();
        URI idp = flow.settings().idpTokenEndpoint().orElseThrow();
        String[] why = new String[1];
        if (Urls.endpoint(idp.toString(), true, why) == null) {
            throw new McpAuthorizationException(server, "the identity provider's token endpoint is refused: " + why[0]);
        }
        String idToken = flow.settings().idToken().orElseThrow().get();
        if (idToken == null || idToken.isBlank()) {
            throw new McpAuthorizationException(server, "no ID token from the identity provider to exchange");
        }
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", TOKEN_EXCHANGE);
        form.put("requested_token_type", "urn:ietf:params:oauth:token-type:id-jag");
        form.put("subject_token", idToken);
        form.put("subject_token_type", "urn:ietf:params:oauth:token-type:id_token");
        form.put("audience", f.issuer());
        form.put("resource", f.resource());
        form.put("scope", OAuthFlow.withoutOfflineAccess(scope));
        form.put("client_id", flow.settings().idpClientId().orElseThrow());
        OAuthHttp.Answer answer = flow.http().postForm(idp, form, Map.of());
        String jag = answer.text("access_token");
        if (!answer.ok() || jag == null) {
            throw new McpAuthorizationException(server, "the identity provider refused the token exchange at "
                    + Urls.safe(idp) + ": " + answer.error());
        }
        return jag;
    }
}
