package io.mcphost.server.http.internal;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Bearer-token authentication (RFC 6750, the {@code Authorization: Bearer} header) against a fixed
 * set of tokens, each naming a principal. Only SHA-256 digests of the tokens are kept, and a presented
 * token is compared with every one of them by {@link MessageDigest#isEqual} (constant time, no early
 * exit), so neither the match nor its position leaks through timing. Tokens are never logged, nor put
 * into a message. Immutable and thread-safe.
 */
final class BearerAuth {
    private static final String SCHEME = "Bearer";

    /** What an {@code Authorization} header proves. */
    sealed interface Outcome {
        /** A known token: the principal it names. */
        record Authenticated(String principal) implements Outcome {
        }

        /** No bearer credentials at all (no header, or another scheme): RFC 6750 gives no error code. */
        record Missing() implements Outcome {
        }

        /** A bearer token was given but is not one of ours: {@code error="invalid_token"}. */
        record Invalid() implements Outcome {
        }
    }

    private record Known(byte[] digest, String principal) {
    }

    private final List<Known> known;

    /** {@code principalsByToken}: each accepted token and the principal it authenticates, checked by the builder. */
    BearerAuth(Map<String, String> principalsByToken) {
        this.known = principalsByToken.entrySet().stream()
                .map(e -> new Known(sha256(e.getKey()), e.getValue()))
                .toList();
    }

    /** Checks the value of an {@code Authorization} header, null when the request had none. */
    Outcome check(String authorization) {
        java.util.Optional<String> token = bearerToken(authorization);
        if (token.isEmpty()) {
            return new Outcome.Missing();
        }
        byte[] presented = sha256(token.get());
        String principal = null;
        for (Known k : known) {
            // Every digest is compared, even after a match: the time taken does not depend on which matched.
            if (MessageDigest.isEqual(k.digest(), presented) && principal == null) {
                principal = k.principal();
            }
        }
        return principal == null ? new Outcome.Invalid() : new Outcome.Authenticated(principal);
    }

    /**
     * The credentials of an {@code Authorization: Bearer} header (scheme case-insensitive; empty text
     * when the scheme has none, which is an invalid token), or empty when there is no header or it
     * has another scheme.
     */
    static java.util.Optional<String> bearerToken(String authorization) {
        if (authorization == null) {
            return java.util.Optional.empty();
        }
        String header = authorization.strip();
        boolean bearer = header.regionMatches(true, 0, SCHEME, 0, SCHEME.length())
                && (header.length() == SCHEME.length() || header.charAt(SCHEME.length()) == ' ');
        return bearer ? java.util.Optional.of(header.substring(SCHEME.length()).strip()) : java.util.Optional.empty();
    }

    /** A principal name for a token given without one: a short fingerprint of its digest, never the token. */
    static String fingerprint(String token) {
        return "token-" + HexFormat.of().formatHex(sha256(token), 0, 6);
    }

    private static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
