package io.mcphost.auth.internal;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What {@code AuthorizationHandler.headless()} does: visits the authorization URL like a browser whose
 * user approves at once — GET, follow redirects (http/https only, at most 10), the last one being the
 * loopback callback. A function, not a handler: the public handler refers to it, and it knows nothing
 * of the handler (no circle between the API and its detail). Stateless and thread-safe.
 */
public final class HeadlessBrowser {
    private static final Logger LOG = LoggerFactory.getLogger(HeadlessBrowser.class);
    private static final int MAX_REDIRECTS = 10;

    private HeadlessBrowser() {
    }

    /** Starts the visit on a virtual thread of its own and returns at once. */
    public static void open(URI authorizationUrl) {
        Thread.ofVirtual().name("mcphost-oauth-headless").start(() -> visit(authorizationUrl));
    }

    private static void visit(URI start) {
        try (HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(10)).build()) {
            URI next = start;
            for (int hop = 0; hop <= MAX_REDIRECTS && next != null; hop++) {
                String scheme = next.getScheme() == null ? "" : next.getScheme().toLowerCase(Locale.ROOT);
                if (!scheme.equals("http") && !scheme.equals("https")) {
                    LOG.warn("headless authorisation: refusing to follow a redirect to a {} URL", scheme);
                    return;
                }
                HttpResponse<Void> response = http.send(HttpRequest.newBuilder(next).timeout(Duration.ofSeconds(15)).GET().build(),
                        HttpResponse.BodyHandlers.discarding());
                if (response.statusCode() / 100 != 3) {
                    if (response.statusCode() / 100 != 2) {
                        LOG.warn("headless authorisation: {} answered HTTP {}", Urls.safe(next), response.statusCode());
                    }
                    return;
                }
                URI current = next;
                next = response.headers().firstValue("Location").map(current::resolve).orElse(null);
            }
        } catch (IOException | IllegalArgumentException e) {
            LOG.warn("headless authorisation failed: {}", e.getClass().getSimpleName());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
