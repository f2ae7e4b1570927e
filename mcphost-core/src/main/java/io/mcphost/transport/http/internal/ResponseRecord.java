package io.mcphost.transport.http.internal;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import javax.net.ssl.SSLSession;

/**
 * An {@link HttpResponse} made of its parts: one of {@link PlainHttpClient}'s answers, or an answer
 * {@link BufferedBody} read whole. No previous response (no redirects are followed) and no TLS session.
 */
record ResponseRecord<T>(HttpRequest request, int statusCode, HttpHeaders headers, T body, HttpClient.Version version)
        implements HttpResponse<T> {
    @Override
    public Optional<HttpResponse<T>> previousResponse() {
        return Optional.empty();
    }

    @Override
    public Optional<SSLSession> sslSession() {
        return Optional.empty();
    }

    @Override
    public URI uri() {
        return request.uri();
    }
}
