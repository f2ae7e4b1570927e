package io.mcphost.server.http.internal;

import io.mcphost.server.Caller;

import io.mcphost.protocol.Json;
import io.mcphost.server.http.BearerAuthenticator;
import io.mcphost.server.http.OAuthResourceServer;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The endpoint as an OAuth resource server (MCP 2025-11-25 basic/authorization, RFC 9728, RFC 6750):
 * serves the Protected Resource Metadata and admits a request by its bearer token, sending the 401
 * or 403 challenge itself when it refuses one. Static bearer tokens, when also configured, are
 * accepted beside OAuth tokens and grant every scope. The resource identifier is known once the
 * port is bound ({@link #bind}). Thread-safe; tokens are never logged nor echoed.
 */
final class ResourceServerAuth {
    private static final Logger LOG = LoggerFactory.getLogger(ResourceServerAuth.class);
    private static final String WELL_KNOWN = "/.well-known/oauth-protected-resource";

    /** The resource as bound: its identifier, where its metadata is, and the metadata itself. */
    private record Bound(URI resource, String metadataUrl, Set<String> metadataPaths, byte[] metadata) {
    }

    private final OAuthResourceServer config;
    private final Optional<BearerAuth> staticTokens;
    private final String localPath;
    private volatile Bound bound;

    ResourceServerAuth(OAuthResourceServer config, Optional<BearerAuth> staticTokens, String localPath) {
        this.config = config;
        this.staticTokens = staticTokens;
        this.localPath = localPath;
    }

    /** Fixes the resource identifier: the configured one, else {@code endpoint}. Called once the port is bound. */
    void bind(URI endpoint) {
        URI resource = config.resource().orElse(endpoint);
        String path = resource.getRawPath() == null || resource.getRawPath().equals("/") ? "" : resource.getRawPath();
        // RFC 9728 section 3.1: the well-known segment goes between the host and the resource's path.
        String metadataUrl = resource.getScheme() + "://" + resource.getRawAuthority() + WELL_KNOWN + path;
        // Served where the resource's URL says, and also under this server's own path (behind a
        // proxy that maps another public path to it).
        Set<String> paths = Set.copyOf(new TreeSet<>(java.util.List.of(WELL_KNOWN + path,
                WELL_KNOWN + (localPath.equals("/") ? "" : localPath))));
        ObjectNode prm = Json.newObject();
        prm.put("resource", resource.toString());
        ArrayNode servers = prm.putArray("authorization_servers");
        config.authorizationServers().forEach(s -> servers.add(s.toString()));
        ArrayNode scopes = prm.putArray("scopes_supported");
        (config.scopesSupported().isEmpty() ? new TreeSet<>(config.requiredScopes()) : config.scopesSupported())
                .forEach(scopes::add);
        prm.putArray("bearer_methods_supported").add("header");
        this.bound = new Bound(resource, metadataUrl, paths,
                Json.write(prm).getBytes(StandardCharsets.UTF_8));
    }

    /** Whether {@code path} is where the metadata is served. */
    boolean servesMetadata(String path) {
        Bound b = bound;
        return b != null && b.metadataPaths().contains(path);
    }

    /** Answers a request for the metadata: public, readable by browser-based clients too (CORS). */
    void metadata(Exchange exchange) throws IOException {
        if (!exchange.method().equals("GET") && !exchange.method().equals("HEAD")) {
            exchange.setHeader("Allow", "GET, HEAD");
            exchange.respond(405, new byte[0]);
            return;
        }
        exchange.setHeader("Access-Control-Allow-Origin", "*");
        exchange.setHeader("Content-Type", Replies.JSON);
        exchange.respond(200, exchange.method().equals("HEAD") ? new byte[0] : bound.metadata());
    }

    /**
     * The caller the request's token proves (principal, scopes, groups), or empty when refused (the 401 or 403 is then sent, or a
     * 503 in the moment between binding the port and knowing the resource).
     */
    Optional<Caller> admit(Exchange exchange) throws IOException {
        Bound b = bound;
        if (b == null) {
            Replies.error(exchange, 503, io.mcphost.protocol.JsonRpcError.INTERNAL_ERROR, "Service Unavailable: starting");
            return Optional.empty();
        }
        Optional<String> token = BearerAuth.bearerToken(exchange.header("Authorization"));
        String required = String.join(" ", new TreeSet<>(config.requiredScopes()));
        if (token.isEmpty()) {
            challenge(exchange, 401, "Bearer resource_metadata=\"" + b.metadataUrl() + "\""
                    + (required.isEmpty() ? "" : ", scope=\"" + required + "\""), "unauthorized",
                    "this endpoint needs an OAuth access token (Authorization: Bearer <token>); see " + b.metadataUrl());
            return Optional.empty();
        }
        if (staticTokens.isPresent()
                && staticTokens.get().check(exchange.header("Authorization")) instanceof BearerAuth.Outcome.Authenticated a) {
            return Optional.of(new Caller(a.principal(), Set.of(), Set.of()));
        }
        BearerAuthenticator.Verdict verdict;
        try {
            verdict = config.authenticator().authenticate(token.get(), b.resource());
        } catch (RuntimeException e) {
            // The exception's class only: its message might quote what the authenticator was given.
            LOG.warn("the bearer authenticator failed ({}); the request is refused", e.getClass().getName());
            verdict = new BearerAuthenticator.Refused("the access token could not be verified");
        }
        switch (verdict) {
            case BearerAuthenticator.Refused r -> {
                String reason = quotable(r.reason());
                challenge(exchange, 401, "Bearer error=\"invalid_token\", error_description=\"" + reason
                        + "\", resource_metadata=\"" + b.metadataUrl() + "\"", "invalid_token", reason);
                return Optional.empty();
            }
            case BearerAuthenticator.Accepted a -> {
                if (!a.scopes().containsAll(config.requiredScopes())) {
                    String description = "the access token lacks a required scope (needs: " + required + ")";
                    challenge(exchange, 403, "Bearer error=\"insufficient_scope\", scope=\"" + required
                            + "\", resource_metadata=\"" + b.metadataUrl() + "\", error_description=\""
                            + description + "\"", "insufficient_scope", description);
                    return Optional.empty();
                }
                return Optional.of(new Caller(a.principal(), a.scopes(), a.groups()));
            }
        }
    }

    /** RFC 6750 section 3: error_description is printable ASCII without {@code "} and {@code \}. */
    private static String quotable(String text) {
        StringBuilder out = new StringBuilder();
        text.chars().limit(200).forEach(c -> out.append(c >= 0x20 && c <= 0x7E && c != '"' && c != '\\' ? (char) c : '?'));
        return out.toString();
    }

    /** The challenge, and a small JSON body (not JSON-RPC: nothing of MCP is served before authentication). */
    private static void challenge(Exchange exchange, int status, String header, String error, String description)
            throws IOException {
        exchange.setHeader("WWW-Authenticate", header);
        Replies.closesConnection(exchange);
        ObjectNode body = Json.newObject();
        body.put("error", error);
        body.put("error_description", description);
        Replies.json(exchange, status, Json.write(body));
    }
}
