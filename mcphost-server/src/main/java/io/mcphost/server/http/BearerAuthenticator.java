package io.mcphost.server.http;

import java.net.URI;
import java.util.Objects;
import java.util.Set;

/**
 * Decides what a bearer token proves (RFC 6750), for an endpoint that is an OAuth 2.1 resource
 * server ({@link OAuthResourceServer}): who presents it and which scopes it grants, or why it is
 * refused. A JWT validator checking signature, issuer, audience and expiry is the usual one; the
 * endpoint does the rest (the 401 and 403 challenges, required scopes, binding sessions to their
 * principal).
 *
 * <p>Called on the request's virtual thread for every request carrying a bearer token, before the
 * request's body is read; it may block (to fetch the issuer's keys, say), which holds only that
 * request. Must be thread-safe. Must never log the token, nor put it into a {@link Refused#reason()}:
 * the reason is sent to the client and may be logged.
 */
@FunctionalInterface
public interface BearerAuthenticator {
    /**
     * Checks {@code token} (the credentials of {@code Authorization: Bearer}, as sent) for use at
     * {@code resource}, the endpoint's resource identifier that a token must be issued for
     * (RFC 8707: the {@code aud} of a JWT). An exception counts as a refusal.
     */
    Verdict authenticate(String token, URI resource);

    /** What a token proves: {@link Accepted} or {@link Refused}. */
    sealed interface Verdict permits Accepted, Refused {
    }

    /**
     * A valid token: the principal it was issued to (a JWT's {@code sub}, say), which owns the sessions
     * it opens and keys the per-client limits, the scopes it grants and the groups it names (a JWT's
     * group claim; empty when it names none). The request is then served with this
     * {@link io.mcphost.server.Caller} ({@link io.mcphost.server.Caller#current()}). A blank principal
     * is refused with {@link IllegalArgumentException}.
     */
    record Accepted(String principal, Set<String> scopes, Set<String> groups) implements Verdict {
        public Accepted {
            if (Objects.requireNonNull(principal, "principal").isBlank()) {
                throw new IllegalArgumentException("an accepted token needs a non-blank principal");
            }
            scopes = Set.copyOf(scopes);
            groups = Set.copyOf(groups);
        }

        /** A token naming no groups. */
        public Accepted(String principal, Set<String> scopes) {
            this(principal, scopes, Set.of());
        }
    }

    /**
     * A token that is not valid here (forged, expired, for another resource or issuer, unreadable):
     * {@code 401} with {@code error="invalid_token"}. {@code reason} becomes the
     * {@code error_description}: a short sentence in printable ASCII, never a secret.
     */
    record Refused(String reason) implements Verdict {
        public Refused {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
