package io.mcphost.transport.http.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.channels.UnresolvedAddressException;
import io.mcphost.transport.McpAuthorizationRequiredException;
import java.nio.charset.StandardCharsets;
import java.security.cert.CertificateException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.SSLHandshakeException;

/** Small helpers for reading HTTP responses defensively. */
public final class HttpErrors {
    private static final int EXCERPT = 300;

    private HttpErrors() {
    }

    /**
     * The failure an HTTP error status reports: 502, 503 and 504 (a proxy lost the server, or the server is
     * stopping) lose the answer of a request that may have run ({@link io.mcphost.protocol.McpAnswerLostException});
     * any other status is the server's refusal.
     */
    public static io.mcphost.protocol.McpTransportException statusFailure(String server, int status, String message) {
        return status == 502 || status == 503 || status == 504
                ? new io.mcphost.protocol.McpAnswerLostException(server, message)
                : new io.mcphost.protocol.McpTransportException(server, message);
    }

    /** Up to {@code limit} bytes of a body as text; the rest is discarded and the stream closed. */
    public static String readBounded(InputStream body, int limit) throws IOException {
        try (body) {
            if (body instanceof java.io.ByteArrayInputStream whole && whole.available() <= limit) {
                // Read whole already (BufferedBody): one copy, not the chunked reads of an open stream.
                return new String(whole.readAllBytes(), StandardCharsets.UTF_8);
            }
            byte[] bytes = body.readNBytes(limit);
            if (bytes.length == limit && body.read() >= 0) {
                throw new TooLarge("the response body is larger than " + limit + " bytes");
            }
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    /** A short, single-line excerpt of an error body, never more than a few hundred characters. */
    static String excerpt(Incoming response) {
        String text;
        try (InputStream body = response.body()) {
            text = new String(body.readNBytes(EXCERPT + 1), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
        text = text.replaceAll("\\s+", " ").strip();
        if (text.length() > EXCERPT) {
            text = text.substring(0, EXCERPT) + "…";
        }
        return text.isEmpty() ? "" : ": " + text;
    }

    /**
     * What went wrong with a request that got no answer, in one line: the exception's message (its
     * class when it has none), and for a refused TLS handshake that it was TLS and, when a certificate
     * was refused, the usual cure.
     */
    static String describe(Throwable e) {
        return describe(e, null);
    }

    /**
     * {@link #describe(Throwable)} for a request to {@code target} (null when unknown): a host name that
     * does not resolve is said to be one, naming the host, rather than left to read as a network failure
     * (the resolver's words are a bare host name, or a class name, depending on the platform and client).
     */
    public static String describe(Throwable e, URI target) {
        String message = e.getMessage();
        String text = message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
        String unresolved = unresolvedHost(e, target);
        if (unresolved != null) {
            return unresolved;
        }
        // A refused handshake would read as a network failure: say it is TLS, and name the usual cure
        // when the certificate is what was refused (not trusted, or not issued for this host).
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SSLHandshakeException) {
                return "TLS handshake failed: " + text + (causedBy(t, CertificateException.class)
                        ? " (the server's certificate is not trusted for this host; a private CA or self-signed"
                          + " certificate must be trusted through HttpTransport.Builder.sslContext or the JVM's trust store)" : "");
            }
        }
        return text;
    }

    /** Why {@code e} says a host name does not resolve, or null when it says something else. */
    private static String unresolvedHost(Throwable e, URI target) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof UnknownHostException || t instanceof UnresolvedAddressException) {
                // UnknownHostException's message is "host" or "host: the resolver's reason" (Linux: "Name or
                // service not known", offline: "Temporary failure in name resolution"); the reason is kept.
                String message = t.getMessage() == null ? "" : t.getMessage().strip();
                int colon = message.indexOf(": ");
                String named = colon < 0 ? message : message.substring(0, colon);
                String reason = colon < 0 ? "" : message.substring(colon + 2).strip();
                String host = target != null && target.getHost() != null ? target.getHost() : named;
                return (host.isEmpty() ? "the host name" : "the host name '" + host + "'") + " does not resolve"
                        + (reason.isEmpty() ? "" : " (" + reason + ")");
            }
        }
        return null;
    }

    private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    /** The endpoint without query, fragment or credentials, for messages and logs. */
    public static String safe(URI uri) {
        String port = uri.getPort() < 0 ? "" : ":" + uri.getPort();
        return uri.getScheme() + "://" + uri.getHost() + port + (uri.getRawPath() == null ? "" : uri.getRawPath());
    }

    /**
     * The refusal of a request for want of authorisation, or null: HTTP 401, or HTTP 403 whose
     * {@code WWW-Authenticate: Bearer} challenge says {@code error="insufficient_scope"}. The message
     * quotes neither the challenge nor the request's headers.
     */
    static McpAuthorizationRequiredException authorizationRequired(String server, String method, Incoming response) {
        int status = response.statusCode();
        if (status != 401 && status != 403) {
            return null;
        }
        Map<String, String> challenge = bearerChallenge(response.headers("WWW-Authenticate"));
        if (status == 403 && !"insufficient_scope".equals(challenge.get("error"))) {
            return null; // a plain 403 is a refusal, not a challenge to authorise again
        }
        String where = safe(response.request().uri());
        String message = status == 401
                ? method + " " + where + " answered HTTP 401: the server requires OAuth authorisation"
                : method + " " + where + " answered HTTP 403 insufficient_scope: the token lacks a scope the server requires";
        return new McpAuthorizationRequiredException(server, message, status, challenge);
    }

    /**
     * The parameters of the {@code Bearer} (or {@code DPoP}, RFC 9449) challenge among {@code WWW-Authenticate} header values
     * (RFC 9110 section 11.6.1: {@code scheme param=value, param="quoted", …}, several challenges
     * per value allowed), names in lower case, plus {@code scheme} (as sent); empty when there is no
     * such challenge.
     */
    public static Map<String, String> bearerChallenge(List<String> values) {
        for (String value : values) {
            Map<String, String> found = parseBearer(value);
            if (found != null) {
                return found;
            }
        }
        return Map.of();
    }

    private static Map<String, String> parseBearer(String header) {
        int i = 0;
        int n = header.length();
        Map<String, String> params = null;
        while (i < n) {
            while (i < n && (header.charAt(i) == ' ' || header.charAt(i) == ',' || header.charAt(i) == '\t')) {
                i++;
            }
            int start = i;
            while (i < n && isTokenChar(header.charAt(i))) {
                i++;
            }
            if (i == start) {
                i++; // junk: skip it
                continue;
            }
            String token = header.substring(start, i);
            int j = i;
            while (j < n && header.charAt(j) == ' ') {
                j++;
            }
            if (j < n && header.charAt(j) == '=') {
                // name=value: a parameter of the current challenge
                j++;
                while (j < n && header.charAt(j) == ' ') {
                    j++;
                }
                String value;
                if (j < n && header.charAt(j) == '"') {
                    StringBuilder quoted = new StringBuilder();
                    j++;
                    while (j < n && header.charAt(j) != '"') {
                        char c = header.charAt(j);
                        if (c == '\\' && j + 1 < n) {
                            c = header.charAt(++j);
                        }
                        quoted.append(c);
                        j++;
                    }
                    value = quoted.toString();
                    j++;
                } else {
                    int vs = j;
                    while (j < n && header.charAt(j) != ',') {
                        j++;
                    }
                    value = header.substring(vs, j).strip();
                }
                if (params != null) {
                    params.putIfAbsent(token.toLowerCase(Locale.ROOT), value);
                }
                i = j;
            } else {
                // a new challenge's scheme (token68 credentials of other schemes are skipped as junk)
                if (params != null) {
                    return params;
                }
                if (token.equalsIgnoreCase("Bearer") || token.equalsIgnoreCase("DPoP")) {
                    params = new LinkedHashMap<>();
                    params.put("scheme", token); // a bare "Bearer" is a challenge too
                }
                i = j;
            }
        }
        return params;
    }

    private static boolean isTokenChar(char c) {
        return c > 0x20 && c < 0x7F && "()<>@,;:\\\"/[]?={} ".indexOf(c) < 0;
    }

    static String contentType(Incoming response) {
        return response.header("Content-Type").orElse("").toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * A body, event or line beyond the client's bound: the server sent it whole and the client refuses it,
     * so nothing was lost on the way (sending the request again would only get it again).
     */
    static final class TooLarge extends IOException {
        private static final long serialVersionUID = 1L;

        TooLarge(String message) {
            super(message);
        }
    }
}
