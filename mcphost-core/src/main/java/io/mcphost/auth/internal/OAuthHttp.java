package io.mcphost.auth.internal;

import io.mcphost.auth.McpAuthorizationException;
import io.mcphost.protocol.Json;
import io.mcphost.transport.http.internal.HttpErrors;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.StringJoiner;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The OAuth flow's HTTP: metadata GETs, registration and token POSTs. A JDK client per exchange,
 * closed after it (a flow is rare; a client kept for the transport's life would keep its selector
 * thread whether or not the transport is open), that never follows redirects (a redirect could lead
 * a token request elsewhere), bounded bodies, a deadline per request. Error messages name the
 * endpoint without its query and never quote a request body.
 */
final class OAuthHttp {
    private static final int MAX_BODY = 1024 * 1024;

    /** A response: its status and, when the body was a JSON object, that object (else an empty one). */
    record Answer(int status, ObjectNode body, String dpopNonce) {
        Answer(int status, ObjectNode body) {
            this(status, body, null);
        }

        boolean ok() {
            return status / 100 == 2;
        }

        String text(String field) {
            JsonNode node = body.get(field);
            return node != null && node.isString() ? node.asString() : null;
        }

        /** {@code error} and {@code error_description}, trimmed: what an OAuth error response says. */
        String error() {
            String error = text("error");
            String description = text("error_description");
            String said = error == null ? "HTTP " + status : error + (description == null ? "" : ": " + description);
            return said.length() > 200 ? said.substring(0, 200) + "…" : said;
        }
    }

    /** What an exchange brought back, before it is read: status, the body's first bytes, the DPoP nonce. */
    record Raw(int status, byte[] body, String dpopNonce) {
    }

    /** Sends one request; the network in production, canned answers in tests (package-private seam). */
    @FunctionalInterface
    interface Sender {
        Raw send(HttpRequest request) throws IOException;
    }

    private final String server;
    private final Duration timeout;
    private final Sender sender;

    OAuthHttp(String server, Duration timeout) {
        this.server = server;
        this.timeout = timeout;
        this.sender = this::network;
    }

    /** An OAuth HTTP whose exchanges {@code sender} answers: how tests feed documents without a network. */
    OAuthHttp(String server, Duration timeout, Sender sender) {
        this.server = server;
        this.timeout = timeout;
        this.sender = sender;
    }

    /** GET a JSON document; any failure is an answer with status 0 (discovery simply tries the next place). */
    Answer getJson(URI uri) {
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout).header("Accept", "application/json").GET().build();
        try {
            return exchange(request);
        } catch (IOException e) {
            return new Answer(0, Json.newObject());
        }
    }

    Answer postForm(URI uri, Map<String, String> form, Map<String, String> headers) {
        StringJoiner body = new StringJoiner("&");
        form.forEach((k, v) -> {
            if (v != null) {
                body.add(encode(k) + "=" + encode(v));
            }
        });
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout)
                .header("Content-Type", "application/x-www-form-urlencoded").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
        headers.forEach(request::header);
        return send(request.build());
    }

    Answer postJson(URI uri, ObjectNode json) {
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout)
                .header("Content-Type", "application/json").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(json))).build();
        return send(request);
    }

    private Answer send(HttpRequest request) {
        try {
            return exchange(request);
        } catch (IOException e) {
            // The transport's wording: a host name that does not resolve is named as one (the JDK client's
            // ConnectException has no message of its own then), a refused TLS handshake says it is TLS.
            throw new McpAuthorizationException(server, "cannot reach " + Urls.safe(request.uri()) + ": "
                    + HttpErrors.describe(e, request.uri()), e);
        }
    }

    private Answer exchange(HttpRequest request) throws IOException {
        return read(sender.send(request));
    }

    private Raw network(HttpRequest request) throws IOException {
        HttpResponse<InputStream> response;
        byte[] bytes;
        try (HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).connectTimeout(timeout).build()) {
            try {
                response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
            try (InputStream in = response.body()) {
                bytes = in.readNBytes(MAX_BODY);
            }
            http.shutdownNow();
        }
        return new Raw(response.statusCode(), bytes, response.headers().firstValue("DPoP-Nonce").orElse(null));
    }

    /** A response as the flow sees it: a body that is not one JSON object is an empty object (the status says enough). */
    static Answer read(Raw raw) {
        String text = new String(raw.body(), 0, Math.min(raw.body().length, MAX_BODY), StandardCharsets.UTF_8);
        ObjectNode body = Json.newObject();
        if (!text.isBlank()) {
            try {
                JsonNode parsed = Json.parse(text);
                if (parsed instanceof ObjectNode object) {
                    body = object;
                }
            } catch (IllegalArgumentException e) {
                // Not JSON (Json.parse says so this way): the status says enough.
            }
        }
        return new Answer(raw.status(), body, raw.dpopNonce());
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

}
