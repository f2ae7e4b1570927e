package io.mcphost.transport.http.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

/** Small helpers for reading HTTP responses defensively. */
public final class HttpErrors {
    private static final int EXCERPT = 300;

    private HttpErrors() {
    }

    /** Up to {@code limit} bytes of a body as text; the rest is discarded and the stream closed. */
    public static String readBounded(InputStream body, int limit) throws IOException {
        try (body) {
            byte[] bytes = body.readNBytes(limit);
            if (bytes.length == limit && body.read() >= 0) {
                throw new IOException("the response body is larger than " + limit + " bytes");
            }
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    /** A short, single-line excerpt of an error body, never more than a few hundred characters. */
    public static String excerpt(HttpResponse<InputStream> response) {
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

    /** The endpoint without query, fragment or credentials, for messages and logs. */
    public static String safe(URI uri) {
        String port = uri.getPort() < 0 ? "" : ":" + uri.getPort();
        return uri.getScheme() + "://" + uri.getHost() + port + (uri.getRawPath() == null ? "" : uri.getRawPath());
    }

    public static String contentType(HttpResponse<?> response) {
        return response.headers().firstValue("Content-Type").orElse("").toLowerCase(java.util.Locale.ROOT);
    }
}
