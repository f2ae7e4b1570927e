package io.mcphost.auth.internal;

import io.mcphost.auth.AuthorizationHandler;
import io.mcphost.auth.ClientRegistration;
import io.mcphost.auth.McpAuthorizationException;
import io.mcphost.protocol.Json;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The authorization code grant with PKCE (S256): client identity (pre-registered, Client ID
 * Metadata Document, stored or new Dynamic Client Registration), the loopback listener, the
 * authorization URL handed to the application's {@link AuthorizationHandler}, the checks of the
 * response ({@code state}, RFC 9207 {@code iss}) and the token request with the resource
 * indicator (RFC 8707).
 */
final class TokenRequests {
    private static final Logger LOG = LoggerFactory.getLogger(TokenRequests.class);

    private TokenRequests() {
    }

    static void authorizationCode(OAuthFlow flow, Discovery.Found f, String scope) {
        String server = flow.server();
        AuthorizationHandler handler = flow.settings().handler().orElseThrow(() -> new McpAuthorizationException(server,
                "the server requires OAuth authorisation by a user, and no authorization handler is configured"
                        + " (run `mcphost --url <url> login` in a terminal, or give the client an AuthorizationHandler)"));
        if (!f.legacy() || !f.metadata().isEmpty()) {
            if (!f.supports("code_challenge_methods_supported", "S256")) {
                throw new McpAuthorizationException(server, "the authorization server " + f.issuer()
                        + " does not advertise PKCE with S256 (code_challenge_methods_supported); refusing to authorise");
            }
        }
        if (f.authorizationEndpoint() == null) {
            throw new McpAuthorizationException(server, "the authorization server " + f.issuer() + " has no authorization_endpoint");
        }
        Identity known = flow.knownIdentity(f, null);
        int port = flow.settings().callbackPort();
        if (port == 0 && known != null && known.redirectUri() != null) {
            port = URI.create(known.redirectUri()).getPort(); // a stored registration names its redirect URI
        }
        try (LoopbackReceiver receiver = open(port, known != null && known.redirectUri() != null)) {
            String redirect = receiver.redirectUri().toString();
            Identity identity = known;
            if (identity == null || identity.redirectUri() != null && !identity.redirectUri().equals(redirect)) {
                identity = register(flow, f, redirect);
            }
            String verifier = Secrets.random();
            String state = Secrets.random();
            Map<String, String> query = new LinkedHashMap<>();
            query.put("response_type", "code");
            query.put("client_id", identity.clientId());
            query.put("redirect_uri", redirect);
            query.put("state", state);
            query.put("code_challenge", Secrets.challenge(verifier));
            query.put("code_challenge_method", "S256");
            query.put("resource", f.resource());
            if (scope != null) {
                query.put("scope", scope);
            }
            URI url = withQuery(f.authorizationEndpoint(), query);
            String[] why = new String[1];
            if (Urls.endpoint(url.toString(), true, why) == null) {
                throw new McpAuthorizationException(server, "the authorization URL is refused: " + why[0]);
            }
            LOG.info("server '{}': authorisation needed at {}", server, Urls.safe(f.authorizationEndpoint()));
            handler.open(url);
            boolean authorized = false;
            try {
                exchange(flow, f, receiver, identity, redirect, verifier, state, scope);
                authorized = true;
            } finally {
                handler.completed(url, authorized);
            }
        }
    }

    /** Waits for the redirect, checks it and trades the code for a token (installed and stored). */
    private static void exchange(OAuthFlow flow, Discovery.Found f, LoopbackReceiver receiver, Identity identity,
                                 String redirect, String verifier, String state, String scope) {
        String server = flow.server();
        URI callback;
        try {
            callback = receiver.await(flow.settings().authorizationTimeout());
        } catch (TimeoutException e) {
            throw new McpAuthorizationException(server, "the authorisation was not completed within "
                    + flow.settings().authorizationTimeout().toSeconds() + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new McpAuthorizationException(server, "interrupted while waiting for the authorisation");
        }
        Map<String, String> answer = parseQuery(callback.getRawQuery());
        String code = validate(server, f, state, answer);
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "authorization_code");
        form.put("code", code);
        form.put("redirect_uri", redirect);
        form.put("code_verifier", verifier);
        form.put("resource", f.resource());
        Map<String, String> headers = new LinkedHashMap<>();
        identity.apply(form, headers, f.issuer());
        OAuthHttp.Answer token = flow.token(f.tokenEndpoint(), form, headers);
        if (!token.ok()) {
            throw new McpAuthorizationException(server, "the token request to " + Urls.safe(f.tokenEndpoint())
                    + " was refused: " + token.error());
        }
        flow.install(f, token, scope, null);
    }

    /** RFC 9207 and {@code state}: returns the code, or throws without acting on an unverified error. */
    static String validate(String server, Discovery.Found f, String state, Map<String, String> answer) {
        String iss = answer.get("iss");
        boolean advertised = f.flag("authorization_response_iss_parameter_supported");
        if (iss != null && !iss.equals(f.issuer())) {
            // Simple string comparison (RFC 3986 section 6.2.1): no normalisation, a trailing slash differs.
            throw new McpAuthorizationException(server, "the authorization response came from the issuer '" + iss
                    + "', not '" + f.issuer() + "' (RFC 9207); refused — a mix-up attack is possible");
        }
        if (iss == null && advertised) {
            throw new McpAuthorizationException(server, "the authorization response lacks the iss parameter that "
                    + f.issuer() + " advertises (RFC 9207); refused");
        }
        if (!state.equals(answer.get("state"))) {
            throw new McpAuthorizationException(server, "the authorization response's state does not match the request; refused");
        }
        String error = answer.get("error");
        if (error != null) {
            String description = answer.getOrDefault("error_description", "");
            String said = (error + (description.isEmpty() ? "" : ": " + description)).replaceAll("[^\\x20-\\x7E]", "?");
            throw new McpAuthorizationException(server, "the authorization server refused: "
                    + (said.length() > 200 ? said.substring(0, 200) + "…" : said));
        }
        String code = answer.get("code");
        if (code == null || code.isEmpty()) {
            throw new McpAuthorizationException(server, "the authorization response carries no code");
        }
        return code;
    }

    /** Dynamic Client Registration (RFC 7591), stored per issuer. */
    private static Identity register(OAuthFlow flow, Discovery.Found f, String redirect) {
        String server = flow.server();
        if (f.registrationEndpoint() == null) {
            throw new McpAuthorizationException(server, "the authorization server " + f.issuer() + " supports neither client ID"
                    + " metadata documents nor dynamic client registration; configure a pre-registered client id (--client-id)");
        }
        java.util.List<String> supported = f.list("token_endpoint_auth_methods_supported");
        String wanted = supported.isEmpty() || supported.contains("none") ? "none"
                : supported.contains("client_secret_basic") ? "client_secret_basic"
                : supported.contains("client_secret_post") ? "client_secret_post" : "none";
        ObjectNode body = Json.newObject();
        body.put("client_name", flow.settings().clientName());
        ArrayNode uris = body.putArray("redirect_uris");
        uris.add(redirect);
        ArrayNode grants = body.putArray("grant_types");
        grants.add("authorization_code");
        grants.add("refresh_token");
        body.putArray("response_types").add("code");
        body.put("token_endpoint_auth_method", wanted);
        body.put("application_type", "native"); // a loopback redirect: a native client (SEP-837)
        Identity identity = registered(flow, f, redirect, flow.http().postJson(f.registrationEndpoint(), body));
        LOG.info("server '{}': registered as a client of {}", server, f.issuer());
        return identity;
    }

    /** Reads the registration response (RFC 7591 section 3.2.1) and stores the registration. */
    static Identity registered(OAuthFlow flow, Discovery.Found f, String redirect, OAuthHttp.Answer answer) {
        String server = flow.server();
        String clientId = answer.text("client_id");
        if (!answer.ok() || clientId == null) {
            throw new McpAuthorizationException(server, "dynamic client registration at " + Urls.safe(f.registrationEndpoint())
                    + " failed: " + answer.error());
        }
        String secret = answer.text("client_secret");
        String method = flow.method(f, secret, answer.text("token_endpoint_auth_method"));
        ClientRegistration registration = new ClientRegistration(f.issuer(), clientId, secret, method, redirect);
        try {
            flow.store().saveRegistration(registration);
        } catch (RuntimeException e) {
            LOG.warn("server '{}': could not store the client registration: {}", server, e.getMessage());
        }
        return new Identity(clientId, secret, method, null, null, redirect);
    }

    private static LoopbackReceiver open(int port, boolean fallBackToAny) {
        try {
            return new LoopbackReceiver(port);
        } catch (IOException e) {
            if (fallBackToAny && port != 0) {
                try {
                    return new LoopbackReceiver(0);
                } catch (IOException again) {
                    e = again;
                }
            }
            throw new McpAuthorizationException(null, "cannot listen for the authorisation callback on 127.0.0.1:" + port
                    + ": " + e.getMessage());
        }
    }

    static URI withQuery(URI base, Map<String, String> query) {
        StringBuilder url = new StringBuilder(base.toString());
        char sep = base.getRawQuery() == null ? '?' : '&';
        for (Map.Entry<String, String> e : query.entrySet()) {
            url.append(sep).append(OAuthHttp.encode(e.getKey())).append('=').append(OAuthHttp.encode(e.getValue()));
            sep = '&';
        }
        return URI.create(url.toString());
    }

    static Map<String, String> parseQuery(String raw) {
        Map<String, String> out = new LinkedHashMap<>();
        if (raw == null) {
            return out;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            out.putIfAbsent(key, value);
        }
        return out;
    }
}
