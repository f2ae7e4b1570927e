package io.mcphost.auth.internal;

import io.mcphost.auth.McpAuthorizationException;
import io.mcphost.protocol.Json;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Finds a server's authorization server, in the specification's order: the protected resource
 * metadata (RFC 9728) named by the challenge's {@code resource_metadata}, else at the path-aware
 * well-known URL, else at the root one; then the authorization server's metadata (RFC 8414, then
 * OpenID Connect discovery, path insertion before path appending). A server without protected
 * resource metadata is treated as the 2025-03-26 revision did: its origin is the authorization
 * server, and without metadata there the default endpoints {@code /authorize}, {@code /token} and
 * {@code /register} are used.
 *
 * <p>Validation: the metadata's {@code resource} must be the server (same origin, a path prefix
 * of the endpoint); the authorization server metadata's {@code issuer} must be identical to the
 * identifier the well-known URL was built from; every endpoint must pass {@link Urls#endpoint}.
 */
final class Discovery {
    private static final Logger LOG = LoggerFactory.getLogger(Discovery.class);

    /** What discovery found. {@code metadata} is empty (never null) when the legacy defaults are used. */
    record Found(String resource, List<String> scopesSupported, String issuer, ObjectNode metadata,
                 URI authorizationEndpoint, URI tokenEndpoint, URI registrationEndpoint, boolean legacy) {

        boolean supports(String field, String value) {
            JsonNode list = metadata.get(field);
            if (list == null || !list.isArray()) {
                return false;
            }
            for (JsonNode item : list) {
                if (item.isString() && item.asString().equals(value)) {
                    return true;
                }
            }
            return false;
        }

        boolean has(String field) {
            JsonNode node = metadata.get(field);
            return node != null && !node.isNull();
        }

        boolean flag(String field) {
            JsonNode node = metadata.get(field);
            return node != null && node.isBoolean() && node.asBoolean();
        }

        List<String> list(String field) {
            List<String> out = new ArrayList<>();
            JsonNode node = metadata.get(field);
            if (node != null && node.isArray()) {
                node.forEach(n -> {
                    if (n.isString()) {
                        out.add(n.asString());
                    }
                });
            }
            return out;
        }
    }

    private final String server;
    private final URI endpoint;
    private final OAuthHttp http;
    private final boolean allowLocal;

    Discovery(String server, URI endpoint, OAuthHttp http, boolean allowPrivateNetwork) {
        this.server = server;
        this.endpoint = endpoint;
        this.http = http;
        this.allowLocal = allowPrivateNetwork || Urls.isLoopback(endpoint.getHost()) || Urls.isPrivate(endpoint.getHost());
    }

    /** The server's canonical URI (RFC 8707): the endpoint without query or fragment, scheme and host in lower case. */
    static String canonical(URI endpoint) {
        String path = endpoint.getRawPath() == null ? "" : endpoint.getRawPath();
        if (path.equals("/")) {
            path = "";
        }
        return origin(endpoint) + path;
    }

    static String origin(URI uri) {
        String port = uri.getPort() < 0 ? "" : ":" + uri.getPort();
        return uri.getScheme().toLowerCase(Locale.ROOT) + "://" + uri.getHost().toLowerCase(Locale.ROOT) + port;
    }

    /**
     * @param challenged whether the refusal carried a Bearer (or DPoP) challenge: a server that
     *                   publishes no metadata and sent none is not taken for an OAuth server
     */
    Found discover(Optional<String> resourceMetadata, boolean challenged) {
        ObjectNode prm = protectedResourceMetadata(resourceMetadata);
        if (prm == null) {
            // The 2025-03-26 revision: no protected resource metadata; the server's origin is the authorization server.
            String issuer = origin(endpoint);
            ObjectNode metadata = authorizationServerMetadata(issuer, true);
            if (metadata == null && !challenged) {
                throw new McpAuthorizationException(server, "the server answered 401 without an OAuth challenge and publishes"
                        + " no OAuth metadata: it probably wants an API key or a token (a header, or a bearer token)");
            }
            if (metadata == null) {
                LOG.debug("server '{}': no OAuth metadata; using the default endpoints of {}", server, issuer);
                URI base = URI.create(issuer);
                return new Found(canonical(endpoint), List.of(), issuer, Json.newObject(), base.resolve("/authorize"),
                        base.resolve("/token"), base.resolve("/register"), true);
            }
            // The server's own origin served it; a same-origin issuer with a path is that server's (see below).
            String said = metadata.get("issuer") instanceof JsonNode i && i.isString() ? i.asString() : issuer;
            return found(canonical(endpoint), List.of(), said, metadata, true);
        }
        String resource = prm.get("resource") instanceof JsonNode r && r.isString() ? r.asString() : null;
        if (resource == null || !matches(resource)) {
            throw new McpAuthorizationException(server, "the protected resource metadata names the resource '" + resource
                    + "', which is not this server (" + canonical(endpoint) + "); refusing to authorise for it");
        }
        List<String> servers = new ArrayList<>();
        if (prm.get("authorization_servers") instanceof JsonNode list && list.isArray()) {
            list.forEach(n -> {
                if (n.isString()) {
                    servers.add(n.asString());
                }
            });
        }
        if (servers.isEmpty()) {
            throw new McpAuthorizationException(server, "the protected resource metadata names no authorization server");
        }
        List<String> scopes = new ArrayList<>();
        if (prm.get("scopes_supported") instanceof JsonNode s && s.isArray()) {
            s.forEach(n -> {
                if (n.isString()) {
                    scopes.add(n.asString());
                }
            });
        }
        // The first authorization server listed (RFC 9728 section 7.6 leaves the choice to the client).
        String issuer = servers.getFirst();
        String[] why = new String[1];
        if (Urls.endpoint(issuer, allowLocal, why) == null) {
            throw new McpAuthorizationException(server, "the authorization server " + issuer + " cannot be used: " + why[0]);
        }
        ObjectNode metadata = authorizationServerMetadata(issuer, false);
        if (metadata == null) {
            throw new McpAuthorizationException(server, "found no OAuth metadata for the authorization server " + issuer
                    + " (tried RFC 8414 and OpenID Connect discovery)");
        }
        return found(resource, scopes, issuer, metadata, false);
    }

    private Found found(String resource, List<String> scopes, String issuer, ObjectNode metadata, boolean legacy) {
        URI authorize = endpoint(metadata, "authorization_endpoint", false);
        URI token = endpoint(metadata, "token_endpoint", true);
        URI register = endpoint(metadata, "registration_endpoint", false);
        return new Found(resource, scopes, issuer, metadata, authorize, token, register, legacy);
    }

    private URI endpoint(ObjectNode metadata, String field, boolean required) {
        JsonNode node = metadata.get(field);
        if (node == null || !node.isString()) {
            if (required) {
                throw new McpAuthorizationException(server, "the authorization server metadata has no " + field);
            }
            return null;
        }
        String[] why = new String[1];
        URI uri = Urls.endpoint(node.asString(), allowLocal, why);
        if (uri == null) {
            throw new McpAuthorizationException(server, "the authorization server's " + field + " is refused: " + why[0]);
        }
        return uri;
    }

    /** Whether the metadata's resource identifies this server: same origin, its path a prefix of the endpoint's. */
    boolean matches(String resource) {
        URI r;
        try {
            r = new URI(resource);
        } catch (Exception e) {
            return false;
        }
        if (r.getScheme() == null || r.getHost() == null || r.getRawFragment() != null) {
            return false;
        }
        if (!origin(r).equals(origin(endpoint)) && !(defaultPort(r) == defaultPort(endpoint)
                && r.getScheme().equalsIgnoreCase(endpoint.getScheme()) && r.getHost().equalsIgnoreCase(endpoint.getHost()))) {
            return false;
        }
        String prefix = withoutTrailingSlashes(r.getRawPath());
        String path = endpoint.getRawPath() == null ? "" : endpoint.getRawPath();
        return prefix.isEmpty() || path.equals(prefix) || path.startsWith(prefix + "/");
    }

    /**
     * The path without its trailing slashes, empty for none. A loop, not {@code replaceAll("/+$", "")}: that
     * regex retries every slash of a run that does not end the path, quadratic in a peer's 1 MiB of slashes.
     */
    static String withoutTrailingSlashes(String path) {
        if (path == null) {
            return "";
        }
        int end = path.length();
        while (end > 0 && path.charAt(end - 1) == '/') {
            end--;
        }
        return path.substring(0, end);
    }

    private static int defaultPort(URI uri) {
        return uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    private ObjectNode protectedResourceMetadata(Optional<String> fromChallenge) {
        List<URI> candidates = new ArrayList<>();
        if (fromChallenge.isPresent()) {
            String[] why = new String[1];
            URI uri = Urls.endpoint(fromChallenge.get(), allowLocal, why);
            if (uri == null) {
                LOG.warn("server '{}': ignoring the resource_metadata URL of the challenge: {}", server, why[0]);
            } else {
                candidates.add(uri);
            }
        }
        String path = withoutTrailingSlashes(endpoint.getRawPath());
        URI base = URI.create(origin(endpoint));
        if (!path.isEmpty()) {
            candidates.add(URI.create(base + "/.well-known/oauth-protected-resource" + path));
        }
        candidates.add(URI.create(base + "/.well-known/oauth-protected-resource"));
        for (URI candidate : candidates) {
            OAuthHttp.Answer answer = http.getJson(candidate);
            if (answer.status() == 200 && answer.body().has("authorization_servers")) {
                LOG.debug("server '{}': protected resource metadata from {}", server, Urls.safe(candidate));
                return answer.body();
            }
        }
        return null;
    }

    /** RFC 8414 then OpenID discovery, in the specification's order; null when none answered. */
    private ObjectNode authorizationServerMetadata(String issuer, boolean legacy) {
        URI id = URI.create(issuer);
        String path = withoutTrailingSlashes(id.getRawPath());
        String base = origin(id);
        List<URI> candidates = path.isEmpty()
                ? List.of(URI.create(base + "/.well-known/oauth-authorization-server"),
                        URI.create(base + "/.well-known/openid-configuration"))
                : List.of(URI.create(base + "/.well-known/oauth-authorization-server" + path),
                        URI.create(base + "/.well-known/openid-configuration" + path),
                        URI.create(base + path + "/.well-known/openid-configuration"));
        for (URI candidate : candidates) {
            OAuthHttp.Answer answer = http.getJson(candidate);
            if (answer.status() != 200 || answer.body().isEmpty()) {
                continue;
            }
            String said = answer.text("issuer");
            // Without protected resource metadata (2025-03-26) the issuer is not known beforehand: the
            // server's own origin answered, so an issuer on that same origin (e.g. with a path) is accepted.
            boolean sameOrigin = legacy && said != null && said.startsWith(issuer + "/");
            if (!issuer.equals(said) && !sameOrigin) {
                // RFC 8414 section 3.3: a document for another issuer must not be used (it may be an attacker's).
                throw new McpAuthorizationException(server, "the authorization server metadata at " + Urls.safe(candidate)
                        + " names the issuer '" + said + "', not '" + issuer + "'; refusing to use it");
            }
            LOG.debug("server '{}': authorization server metadata from {}", server, Urls.safe(candidate));
            return answer.body();
        }
        return null;
    }
}
