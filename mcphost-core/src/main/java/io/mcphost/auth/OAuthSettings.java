package io.mcphost.auth;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How a client authorises with a server's OAuth 2.1 authorization server. Immutable; made by
 * {@link #builder()}. Nothing here is ever logged; {@link #toString()} shows no secret.
 *
 * <p>The client identity is chosen in the specification's order: pre-registered credentials
 * ({@link Builder#clientId}) when given (and, if {@link Builder#clientIssuer} names one, only
 * with that authorization server), else a Client ID Metadata Document URL
 * ({@link Builder#clientMetadataUrl}) when the authorization server supports them, else Dynamic
 * Client Registration.
 */
public final class OAuthSettings {

    /** Which grant obtains the tokens. */
    public enum Grant {
        /** A user authorises in a browser: authorization code with PKCE. */
        AUTHORIZATION_CODE,
        /** The client acts on its own behalf (the client credentials extension); needs a pre-registered id. */
        CLIENT_CREDENTIALS,
        /**
         * Workload identity federation (RFC 7523 JWT bearer grant, SEP-1933): the platform's workload
         * JWT ({@link Builder#assertion}) is exchanged for a token; no user, no client secret.
         */
        JWT_BEARER,
        /**
         * Enterprise-managed authorization (SEP-990): the user's ID token from the enterprise identity
         * provider is exchanged there (RFC 8693) for an identity assertion grant (ID-JAG), which the
         * MCP server's authorization server exchanges for a token (RFC 7523); see {@link Builder#enterprise}.
         */
        ENTERPRISE_MANAGED
    }

    private final Grant grant;
    private final String clientId;
    private final String clientSecret;
    private final String clientIssuer;
    private final String privateKeyPem;
    private final String signingAlgorithm;
    private final String tokenEndpointAuthMethod;
    private final URI clientMetadataUrl;
    private final String clientName;
    private final List<String> scopes;
    private final int callbackPort;
    private final AuthorizationHandler handler;
    private final TokenStore tokenStore;
    private final Duration authorizationTimeout;
    private final Duration requestTimeout;
    private final boolean allowPrivateNetwork;
    private final int maxStepUps;
    private final boolean offlineAccess;
    private final java.util.function.Supplier<String> assertion;
    private final URI idpTokenEndpoint;
    private final String idpClientId;
    private final java.util.function.Supplier<String> idToken;

    private OAuthSettings(Builder b) {
        grant = b.grant;
        clientId = b.clientId;
        clientSecret = b.clientSecret;
        clientIssuer = b.clientIssuer;
        privateKeyPem = b.privateKeyPem;
        signingAlgorithm = b.signingAlgorithm;
        tokenEndpointAuthMethod = b.tokenEndpointAuthMethod;
        clientMetadataUrl = b.clientMetadataUrl;
        clientName = b.clientName;
        scopes = b.scopes;
        callbackPort = b.callbackPort;
        handler = b.handler;
        tokenStore = b.tokenStore != null ? b.tokenStore : TokenStore.files();
        authorizationTimeout = b.authorizationTimeout;
        requestTimeout = b.requestTimeout;
        allowPrivateNetwork = b.allowPrivateNetwork;
        maxStepUps = b.maxStepUps;
        offlineAccess = b.offlineAccess;
        assertion = b.assertion;
        idpTokenEndpoint = b.idpTokenEndpoint;
        idpClientId = b.idpClientId;
        idToken = b.idToken;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Grant grant() { return grant; }
    public Optional<String> clientId() { return Optional.ofNullable(clientId); }
    public Optional<String> clientSecret() { return Optional.ofNullable(clientSecret); }
    public Optional<String> clientIssuer() { return Optional.ofNullable(clientIssuer); }
    public Optional<String> privateKeyPem() { return Optional.ofNullable(privateKeyPem); }
    public String signingAlgorithm() { return signingAlgorithm; }
    public Optional<String> tokenEndpointAuthMethod() { return Optional.ofNullable(tokenEndpointAuthMethod); }
    public Optional<URI> clientMetadataUrl() { return Optional.ofNullable(clientMetadataUrl); }
    public String clientName() { return clientName; }
    /** Scopes to request instead of the server's (empty: the specification's scope selection). */
    public List<String> scopes() { return scopes; }
    /** The loopback callback port; 0 picks a free one. */
    public int callbackPort() { return callbackPort; }
    public Optional<AuthorizationHandler> handler() { return Optional.ofNullable(handler); }
    public TokenStore tokenStore() { return tokenStore; }
    public Duration authorizationTimeout() { return authorizationTimeout; }
    public Duration requestTimeout() { return requestTimeout; }
    public boolean allowPrivateNetwork() { return allowPrivateNetwork; }
    public int maxStepUps() { return maxStepUps; }
    public boolean offlineAccess() { return offlineAccess; }
    /** The workload JWT of {@link Grant#JWT_BEARER}, read per token request. */
    public Optional<java.util.function.Supplier<String>> assertion() { return Optional.ofNullable(assertion); }
    /** The enterprise identity provider's token endpoint ({@link Grant#ENTERPRISE_MANAGED}). */
    public Optional<URI> idpTokenEndpoint() { return Optional.ofNullable(idpTokenEndpoint); }
    public Optional<String> idpClientId() { return Optional.ofNullable(idpClientId); }
    /** The user's ID token from the identity provider, read per exchange. */
    public Optional<java.util.function.Supplier<String>> idToken() { return Optional.ofNullable(idToken); }

    @Override
    public String toString() {
        return "OAuthSettings[grant=" + grant + ", clientId=" + clientId + ", secret=" + (clientSecret != null)
                + ", key=" + (privateKeyPem != null) + ", cimd=" + clientMetadataUrl + ", scopes=" + scopes
                + ", callbackPort=" + callbackPort + "]";
    }

    /** Configures {@link OAuthSettings}. Not thread-safe. */
    public static final class Builder {
        private Grant grant = Grant.AUTHORIZATION_CODE;
        private String clientId;
        private String clientSecret;
        private String clientIssuer;
        private String privateKeyPem;
        private String signingAlgorithm = "ES256";
        private String tokenEndpointAuthMethod;
        private URI clientMetadataUrl;
        private String clientName = "McpHost";
        private List<String> scopes = List.of();
        private int callbackPort;
        private AuthorizationHandler handler;
        private TokenStore tokenStore;
        private Duration authorizationTimeout = Duration.ofMinutes(5);
        private Duration requestTimeout = Duration.ofSeconds(15);
        private boolean allowPrivateNetwork;
        private int maxStepUps = 2;
        private boolean offlineAccess = true;
        private java.util.function.Supplier<String> assertion;
        private URI idpTokenEndpoint;
        private String idpClientId;
        private java.util.function.Supplier<String> idToken;

        private Builder() {
        }

        public Builder grant(Grant grant) {
            this.grant = Objects.requireNonNull(grant, "grant");
            return this;
        }

        /** A pre-registered client id (used before CIMD and DCR). */
        public Builder clientId(String clientId) {
            this.clientId = nonBlank(clientId, "clientId");
            return this;
        }

        /** The pre-registered client's secret (for {@code client_secret_basic} / {@code client_secret_post}). */
        public Builder clientSecret(String clientSecret) {
            this.clientSecret = nonBlank(clientSecret, "clientSecret");
            return this;
        }

        /** The issuer the pre-registered credentials belong to; they are never sent to another one. */
        public Builder clientIssuer(String issuer) {
            this.clientIssuer = nonBlank(issuer, "issuer");
            return this;
        }

        /** A PKCS#8 PEM private key for {@code private_key_jwt} (RFC 7523), signed with {@code algorithm} (ES256, ES384, RS256, …). */
        public Builder privateKey(String pkcs8Pem, String algorithm) {
            this.privateKeyPem = nonBlank(pkcs8Pem, "pkcs8Pem");
            this.signingAlgorithm = nonBlank(algorithm, "algorithm");
            return this;
        }

        /** Forces a token endpoint auth method instead of choosing from the server's metadata. */
        public Builder tokenEndpointAuthMethod(String method) {
            this.tokenEndpointAuthMethod = nonBlank(method, "method");
            return this;
        }

        /** The https URL of this client's Client ID Metadata Document, used as its client id where supported. */
        public Builder clientMetadataUrl(URI url) {
            Objects.requireNonNull(url, "url");
            if (!"https".equalsIgnoreCase(url.getScheme()) || url.getRawPath() == null || url.getRawPath().length() < 2) {
                throw new IllegalArgumentException("a client metadata document URL must be https:// with a path, got " + url);
            }
            this.clientMetadataUrl = url;
            return this;
        }

        /** The name shown to the user at registration; "McpHost" unless set. */
        public Builder clientName(String name) {
            this.clientName = nonBlank(name, "name");
            return this;
        }

        /** Scopes to request, overriding the server's challenge and metadata. */
        public Builder scopes(List<String> scopes) {
            this.scopes = List.copyOf(scopes);
            return this;
        }

        /** The loopback redirect port (a fixed port some registrations need); 0, a free port, unless set. */
        public Builder callbackPort(int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("callbackPort must be 0..65535, got " + port);
            }
            this.callbackPort = port;
            return this;
        }

        /** Who shows the authorization URL to the user. Without one, a flow that needs a user fails with a clear message. */
        public Builder handler(AuthorizationHandler handler) {
            this.handler = Objects.requireNonNull(handler, "handler");
            return this;
        }

        /** Where tokens live; {@link TokenStore#files()} unless set. */
        public Builder tokenStore(TokenStore store) {
            this.tokenStore = Objects.requireNonNull(store, "store");
            return this;
        }

        /** How long the user has to finish in the browser; 5 minutes unless set. */
        public Builder authorizationTimeout(Duration timeout) {
            this.authorizationTimeout = Objects.requireNonNull(timeout, "timeout");
            return this;
        }

        /** Deadline of each metadata, registration and token request; 15 s unless set. */
        public Builder requestTimeout(Duration timeout) {
            this.requestTimeout = Objects.requireNonNull(timeout, "timeout");
            return this;
        }

        /**
         * Allows metadata and endpoints on private or loopback addresses for a server that is not
         * itself on one. Off by default (a public server must not point the client at the local network).
         */
        public Builder allowPrivateNetwork(boolean allow) {
            this.allowPrivateNetwork = allow;
            return this;
        }

        /** Step-up authorisations (403 insufficient_scope) for one request before it fails; 2 unless set. */
        public Builder maxStepUps(int max) {
            if (max < 0) {
                throw new IllegalArgumentException("maxStepUps must not be negative");
            }
            this.maxStepUps = max;
            return this;
        }

        /** Whether to ask for {@code offline_access} (a refresh token) when the authorization server offers it; true unless set. */
        public Builder offlineAccess(boolean request) {
            this.offlineAccess = request;
            return this;
        }

        /**
         * Workload identity federation: {@link Grant#JWT_BEARER} with the workload's JWT, read from
         * {@code jwt} for each token request (platforms rotate them).
         */
        public Builder assertion(java.util.function.Supplier<String> jwt) {
            this.assertion = Objects.requireNonNull(jwt, "jwt");
            this.grant = Grant.JWT_BEARER;
            return this;
        }

        /**
         * Enterprise-managed authorization ({@link Grant#ENTERPRISE_MANAGED}): the identity provider's
         * token endpoint, this client's id there, and the user's ID token (read per exchange). The
         * MCP server's authorization server is then authenticated with {@link #clientId}/{@link #clientSecret}.
         */
        public Builder enterprise(URI idpTokenEndpoint, String idpClientId, java.util.function.Supplier<String> idToken) {
            this.idpTokenEndpoint = Objects.requireNonNull(idpTokenEndpoint, "idpTokenEndpoint");
            this.idpClientId = nonBlank(idpClientId, "idpClientId");
            this.idToken = Objects.requireNonNull(idToken, "idToken");
            this.grant = Grant.ENTERPRISE_MANAGED;
            return this;
        }

        public OAuthSettings build() {
            if (grant == Grant.CLIENT_CREDENTIALS && clientId == null) {
                throw new IllegalStateException("the client credentials grant needs a pre-registered clientId");
            }
            if (grant == Grant.JWT_BEARER && assertion == null) {
                throw new IllegalStateException("the JWT bearer grant needs an assertion");
            }
            if (grant == Grant.ENTERPRISE_MANAGED && (idpTokenEndpoint == null || clientId == null)) {
                throw new IllegalStateException("enterprise-managed authorization needs enterprise(...) and a clientId");
            }
            return new OAuthSettings(this);
        }

        private static String nonBlank(String value, String what) {
            Objects.requireNonNull(value, what);
            if (value.isBlank()) {
                throw new IllegalArgumentException(what + " is empty");
            }
            return value.strip();
        }
    }
}
