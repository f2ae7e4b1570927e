package io.mcphost.cli;

import io.mcphost.auth.AuthorizationHandler;
import io.mcphost.auth.OAuthSettings;
import io.mcphost.auth.TokenStore;
import io.mcphost.client.McpClient;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.transport.http.HttpTransport;
import java.net.URI;
import java.time.Duration;
import tools.jackson.databind.JsonNode;

/**
 * The conformance suite's {@code auth/*} client scenarios: what an application that reaches an
 * OAuth-protected server does — connect with OAuth configured, list the tools, call one. The
 * user is {@link AuthorizationHandler#headless()} (the suite's authorization server approves at
 * once); the credentials of the scenarios that need some come in {@code MCP_CONFORMANCE_CONTEXT}
 * ({@code client_id}, {@code client_secret}, {@code private_key_pem}, {@code signing_algorithm},
 * {@code issuer}; {@code valid_jwt} for workload identity federation; {@code idp_token_endpoint},
 * {@code idp_client_id} and {@code idp_id_token} for enterprise-managed authorization). Tokens are
 * kept in memory only.
 */
final class ConformanceAuth {
    /** The Client ID Metadata Document URL the suite expects a CIMD-capable client to use. */
    static final URI CLIENT_METADATA_URL = URI.create("https://conformance-test.local/client-metadata.json");

    private ConformanceAuth() {
    }

    /** Runs one auth scenario against {@code url}; returns the exit code (exceptions mean failure). */
    static int runAuthScenario(String url, String scenario) {
        OAuthSettings.Builder oauth = OAuthSettings.builder()
                .handler(AuthorizationHandler.headless())
                .tokenStore(TokenStore.inMemory())
                .clientMetadataUrl(CLIENT_METADATA_URL)
                .clientName("mcphost-conformance")
                .authorizationTimeout(Duration.ofSeconds(15))
                .requestTimeout(Duration.ofSeconds(10));
        String context = System.getenv("MCP_CONFORMANCE_CONTEXT");
        if (context != null && !context.isBlank()) {
            JsonNode c = Json.parse(context);
            text(c, "client_id").ifPresent(oauth::clientId);
            text(c, "client_secret").ifPresent(oauth::clientSecret);
            text(c, "issuer").ifPresent(oauth::clientIssuer);
            text(c, "private_key_pem").ifPresent(pem -> oauth.privateKey(pem, text(c, "signing_algorithm").orElse("ES256")));
            // Workload identity federation: the workload's JWT. Enterprise-managed: the IdP and the user's ID token.
            text(c, "valid_jwt").ifPresent(jwt -> oauth.assertion(() -> jwt));
            if (text(c, "idp_token_endpoint").isPresent() && text(c, "idp_id_token").isPresent()) {
                String idToken = text(c, "idp_id_token").get();
                oauth.enterprise(URI.create(text(c, "idp_token_endpoint").get()),
                        text(c, "idp_client_id").orElse("mcphost"), () -> idToken);
            }
        }
        if (scenario.startsWith("auth/client-credentials")) {
            oauth.grant(OAuthSettings.Grant.CLIENT_CREDENTIALS);
        }
        HttpTransport transport = HttpTransport.builder(url).name("conformance").oauth(oauth.build()).build();
        try (McpClient client = McpClient.builder(transport).name("conformance")
                .requestTimeout(Duration.ofSeconds(20)).connect()) {
            java.util.List<Tool> tools = client.listTools();
            if (!tools.isEmpty()) {
                Tool first = tools.getFirst();
                client.callTool(first.name(), Json.newObject());
            }
        }
        return McpHostCommand.OK;
    }

    private static java.util.Optional<String> text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isString() && !value.asString().isBlank()
                ? java.util.Optional.of(value.asString()) : java.util.Optional.empty();
    }
}
