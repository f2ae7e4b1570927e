package io.mcphost.gateway.internal;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.BadJWTException;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import io.mcphost.server.http.BearerAuthenticator;
import java.net.URI;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks JWT access tokens (RFC 9068 style) issued by one authorization server, for the gateway as
 * an OAuth resource server: the signature against the issuer's published keys ({@link IssuerKeys},
 * which follows key rotation), asymmetric algorithms only (RSA, RSA-PSS, ECDSA: never {@code none},
 * never HMAC, so a public key can never be used as a shared secret), {@code typ} absent,
 * {@code JWT} or {@code at+jwt}, {@code iss} equal to the issuer, {@code aud} containing the
 * gateway's resource (RFC 8707), {@code exp} required and {@code nbf} honoured with at most
 * {@link #LEEWAY} of clock skew. The principal is {@code sub}, else {@code client_id}; its groups the group claim's values
 * ({@code groups} unless told otherwise); the scopes
 * are {@code scope} (space separated) or {@code scp} (an array or a string). Tokens are never
 * logged, and a refusal's reason never quotes one. Thread-safe; may block on a key fetch.
 */
public final class JwtAuthenticator implements BearerAuthenticator {
    private static final Logger LOG = LoggerFactory.getLogger(JwtAuthenticator.class);
    /** The clock skew tolerated on {@code exp} and {@code nbf}. */
    static final Duration LEEWAY = Duration.ofSeconds(60);
    private static final Set<JWSAlgorithm> ALGORITHMS = Set.of(JWSAlgorithm.RS256, JWSAlgorithm.RS384,
            JWSAlgorithm.RS512, JWSAlgorithm.PS256, JWSAlgorithm.PS384, JWSAlgorithm.PS512,
            JWSAlgorithm.ES256, JWSAlgorithm.ES384, JWSAlgorithm.ES512);

    /** What one check expects: the resource the token must be for. */
    record Expected(URI resource) implements SecurityContext {
    }

    /** A refusal of a claim, with a reason safe to send (it names the rule, not the token's values). */
    private static final class ClaimRefused extends BadJWTException {
        ClaimRefused(String reason) {
            super(reason);
        }
    }

    private final String issuer;
    private final Clock clock;
    /** The claim naming the principal's groups, for a gateway policy. */
    private final String groupsClaim;
    private final DefaultJWTProcessor<Expected> processor = new DefaultJWTProcessor<>();

    /**
     * @param issuer             the authorization server's issuer identifier, exactly as its tokens' {@code iss}
     * @param jwksUri            where its keys are; empty to find them in its metadata
     * @param minRefetchInterval the least time between two fetches of the keys for an unknown key id
     * @param nanoTime           the refetch limit's clock
     * @param clock              the clock {@code exp} and {@code nbf} are checked against
     * @throws IllegalArgumentException if the issuer or JWKS URL is neither https nor http on loopback
     */
    public JwtAuthenticator(URI issuer, Optional<URI> jwksUri, Duration minRefetchInterval, LongSupplier nanoTime,
                            Clock clock) {
        this(issuer, jwksUri, minRefetchInterval, nanoTime, clock, "groups");
    }

    /**
     * As {@link #JwtAuthenticator(URI, Optional, Duration, LongSupplier, Clock)}, with the principal's
     * groups read from the claim {@code groupsClaim} (a space-separated string or an array of strings).
     */
    public JwtAuthenticator(URI issuer, Optional<URI> jwksUri, Duration minRefetchInterval, LongSupplier nanoTime,
                            Clock clock, String groupsClaim) {
        this.groupsClaim = groupsClaim;
        this.issuer = IssuerKeys.checkedUrl(issuer).toString();
        jwksUri.ifPresent(IssuerKeys::checkedUrl);
        this.clock = clock;
        IssuerKeys keys = new IssuerKeys(this.issuer, jwksUri, minRefetchInterval, nanoTime);
        processor.setJWSTypeVerifier(new DefaultJOSEObjectTypeVerifier<>(JOSEObjectType.JWT,
                new JOSEObjectType("at+jwt"), null));
        processor.setJWSKeySelector(new JWSVerificationKeySelector<>(ALGORITHMS, keys));
        processor.setJWTClaimsSetVerifier(this::verifyClaims);
    }

    /** With the system clocks, and unknown key ids refetching the keys at most every 30 seconds. */
    public JwtAuthenticator(URI issuer, Optional<URI> jwksUri) {
        this(issuer, jwksUri, Duration.ofSeconds(30), System::nanoTime, Clock.systemUTC());
    }

    /** {@link #JwtAuthenticator(URI, Optional)}, reading the principal's groups from the claim {@code groupsClaim}. */
    public JwtAuthenticator(URI issuer, Optional<URI> jwksUri, String groupsClaim) {
        this(issuer, jwksUri, Duration.ofSeconds(30), System::nanoTime, Clock.systemUTC(), groupsClaim);
    }

    @Override
    public Verdict authenticate(String token, URI resource) {
        JWTClaimsSet claims;
        try {
            claims = processor.process(token, new Expected(resource));
        } catch (ClaimRefused e) {
            return new Refused(e.getMessage());
        } catch (ParseException e) {
            return new Refused("the access token is not a signed JWT");
        } catch (BadJOSEException e) {
            return new Refused("the access token's signature, key or algorithm is not accepted");
        } catch (KeySourceException e) {
            LOG.warn("cannot get the keys of {} to check an access token: {}", issuer, e.getMessage());
            return new Refused("the authorization server's keys could not be fetched");
        } catch (JOSEException e) {
            return new Refused("the access token could not be verified");
        }
        String principal = string(claims, "sub").or(() -> string(claims, "client_id")).orElseThrow();
        return new Accepted(principal, scopes(claims), strings(claims, groupsClaim));
    }

    private void verifyClaims(JWTClaimsSet claims, Expected expected) throws BadJWTException {
        if (!issuer.equals(claims.getIssuer())) {
            throw new ClaimRefused("the access token was issued by another authorization server");
        }
        if (claims.getAudience() == null || !claims.getAudience().contains(expected.resource().toString())) {
            throw new ClaimRefused("the access token is not for this resource (aud)");
        }
        Instant now = clock.instant();
        Date exp = claims.getExpirationTime();
        if (exp == null) {
            throw new ClaimRefused("the access token has no expiry (exp)");
        }
        if (now.isAfter(exp.toInstant().plus(LEEWAY))) {
            throw new ClaimRefused("the access token expired");
        }
        Date nbf = claims.getNotBeforeTime();
        if (nbf != null && now.isBefore(nbf.toInstant().minus(LEEWAY))) {
            throw new ClaimRefused("the access token is not valid yet (nbf)");
        }
        if (string(claims, "sub").or(() -> string(claims, "client_id")).isEmpty()) {
            throw new ClaimRefused("the access token names no subject (sub or client_id)");
        }
    }

    private static Optional<String> string(JWTClaimsSet claims, String name) {
        return claims.getClaim(name) instanceof String s && !s.isBlank() ? Optional.of(s) : Optional.empty();
    }

    private static Set<String> scopes(JWTClaimsSet claims) {
        return strings(claims, "scope", "scp");
    }

    /** The values of claims that are a space-separated string or an array of strings, together. */
    private static Set<String> strings(JWTClaimsSet claims, String... names) {
        Set<String> scopes = new LinkedHashSet<>();
        for (String name : names) {
            Object value = claims.getClaim(name);
            if (value instanceof String s) {
                scopes.addAll(List.of(s.strip().split("\\s+")));
            } else if (value instanceof List<?> list) {
                list.forEach(v -> {
                    if (v instanceof String s) {
                        scopes.add(s);
                    }
                });
            }
        }
        scopes.remove("");
        return scopes;
    }
}
