package io.mcphost.gateway.internal;

import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import io.mcphost.protocol.Json;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The public keys of one authorization server: its JWKS, found through its metadata's
 * {@code jwks_uri} (RFC 8414, or OpenID Connect discovery) unless a JWKS URL is given, fetched on
 * first use and again once older than {@link #MAX_AGE}. A key id not in the set (the issuer rotated
 * its key) fetches the set again, at most once per {@code minRefetchInterval}: a flood of tokens
 * naming made-up key ids costs one fetch per interval, not one per token, and so does an issuer that
 * is down (a failed fetch waits as long before the next). Fetches are serialised.
 * Thread-safe; blocks the calling (virtual) thread while fetching.
 */
final class IssuerKeys implements JWKSource<JwtAuthenticator.Expected> {
    private static final Logger LOG = LoggerFactory.getLogger(IssuerKeys.class);
    /** How long a fetched set is used before it is fetched again (keys the issuer withdrew go then). */
    static final Duration MAX_AGE = Duration.ofMinutes(10);
    private static final int MAX_BYTES = 512 * 1024;

    private final String issuer;
    private final Optional<URI> configuredJwks;
    private final Duration minRefetchInterval;
    private final LongSupplier nanoTime;
    private final HttpClient http;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile JWKSet keys;
    private long fetchedAt;
    private Long lastUnknownKidRefetch;
    private Long lastFailure;
    private URI jwksUri;

    IssuerKeys(String issuer, Optional<URI> jwksUri, Duration minRefetchInterval, LongSupplier nanoTime) {
        this.issuer = issuer;
        this.configuredJwks = jwksUri;
        this.minRefetchInterval = minRefetchInterval;
        this.nanoTime = nanoTime;
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    @Override
    public List<JWK> get(JWKSelector selector, JwtAuthenticator.Expected context) throws KeySourceException {
        List<JWK> found = selector.select(current());
        if (!found.isEmpty()) {
            return found;
        }
        lock.lock();
        try {
            // Another thread may have refetched while this one waited for the lock.
            found = selector.select(keys);
            if (!found.isEmpty()) {
                return found;
            }
            long now = nanoTime.getAsLong();
            if (lastUnknownKidRefetch != null && now - lastUnknownKidRefetch < minRefetchInterval.toNanos()) {
                return List.of(); // refetched for an unknown key a moment ago: not again (forged kids)
            }
            lastUnknownKidRefetch = now;
            fetch();
            return selector.select(keys);
        } finally {
            lock.unlock();
        }
    }

    /**
     * The set, fetched if there is none yet or it is older than {@link #MAX_AGE}. A failed fetch is
     * not tried again for {@code minRefetchInterval} (an issuer that is down is not asked once per
     * request); meanwhile the keys fetched before serve, or, with none, every token is refused.
     */
    private JWKSet current() throws KeySourceException {
        JWKSet set = keys;
        if (set != null && nanoTime.getAsLong() - fetchedAt < MAX_AGE.toNanos()) {
            return set;
        }
        lock.lock();
        try {
            long now = nanoTime.getAsLong();
            boolean due = keys == null || now - fetchedAt >= MAX_AGE.toNanos();
            boolean mayTry = lastFailure == null || now - lastFailure >= minRefetchInterval.toNanos();
            if (due && mayTry) {
                try {
                    fetch();
                    lastFailure = null;
                } catch (KeySourceException e) {
                    lastFailure = now;
                    if (keys == null) {
                        throw e;
                    }
                    // An issuer briefly unreachable: the keys it published before are still its keys.
                    LOG.warn("cannot refresh the keys of {}: {}; using those fetched before", issuer, e.getMessage());
                }
            }
            if (keys == null) {
                throw new KeySourceException("the keys of " + issuer + " could not be fetched a moment ago");
            }
            return keys;
        } finally {
            lock.unlock();
        }
    }

    /** Fetches the JWKS (and first where it is); under the lock. */
    private void fetch() throws KeySourceException {
        if (jwksUri == null) {
            jwksUri = configuredJwks.orElseGet(() -> null);
            if (jwksUri == null) {
                jwksUri = discover();
            }
        }
        try {
            JWKSet set = JWKSet.parse(get(jwksUri));
            keys = set.toPublicJWKSet(); // only the public halves, whatever was published
            fetchedAt = nanoTime.getAsLong();
            LOG.debug("fetched {} key(s) of {} from {}", set.getKeys().size(), issuer, jwksUri);
        } catch (ParseException e) {
            throw new KeySourceException("the JWKS at " + jwksUri + " is not a JWK set: " + e.getMessage(), e);
        }
    }

    /**
     * The issuer's {@code jwks_uri}, from its metadata: RFC 8414 (the well-known segment before the
     * issuer's path), then OpenID Connect discovery; the metadata must name the same issuer.
     */
    private URI discover() throws KeySourceException {
        URI base = URI.create(issuer);
        String path = base.getRawPath() == null || base.getRawPath().equals("/") ? "" : base.getRawPath();
        String origin = base.getScheme() + "://" + base.getRawAuthority();
        List<URI> candidates = List.of(URI.create(origin + "/.well-known/oauth-authorization-server" + path),
                URI.create(issuer.replaceAll("/+$", "") + "/.well-known/openid-configuration"));
        KeySourceException last = null;
        for (URI candidate : candidates) {
            try {
                JsonNode metadata = Json.parse(get(candidate));
                if (!issuer.equals(metadata.path("issuer").asString(""))) {
                    throw new KeySourceException("the metadata at " + candidate + " names another issuer");
                }
                String jwks = metadata.path("jwks_uri").asString("");
                if (jwks.isEmpty()) {
                    throw new KeySourceException("the metadata at " + candidate + " has no jwks_uri");
                }
                return checkedUrl(URI.create(jwks));
            } catch (KeySourceException e) {
                last = e;
            } catch (RuntimeException e) {
                last = new KeySourceException("the metadata at " + candidate + " is not readable: " + e.getMessage(), e);
            }
        }
        throw last;
    }

    private String get(URI uri) throws KeySourceException {
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10))
                .header("Accept", "application/json").GET().build();
        try {
            HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream in = response.body()) {
                byte[] body = in.readNBytes(MAX_BYTES + 1);
                if (response.statusCode() != 200) {
                    throw new KeySourceException(uri + " answered " + response.statusCode());
                }
                if (body.length > MAX_BYTES) {
                    throw new KeySourceException(uri + " answered more than " + MAX_BYTES + " bytes");
                }
                return new String(body, StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new KeySourceException("cannot fetch " + uri + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KeySourceException("interrupted while fetching " + uri, e);
        }
    }

    /**
     * {@code uri} if it is https, or http to a loopback host (a local authorization server, tests):
     * keys fetched in the clear from elsewhere could be anyone's.
     *
     * @throws IllegalArgumentException otherwise
     */
    static URI checkedUrl(URI uri) {
        String host = uri.getHost();
        boolean loopback = host != null && (host.equals("localhost") || host.equals("127.0.0.1") || host.equals("[::1]")
                || host.equals("::1") || host.startsWith("127."));
        if (uri.getScheme() == null || !(uri.getScheme().equals("https") || uri.getScheme().equals("http") && loopback)) {
            throw new IllegalArgumentException("an authorization server's URL must be https (or http on loopback): " + uri);
        }
        return uri;
    }
}
