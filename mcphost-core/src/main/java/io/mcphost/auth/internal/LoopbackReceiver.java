package io.mcphost.auth.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The loopback redirect listener of the authorization code flow (RFC 8252 section 7.3): a socket on
 * 127.0.0.1 (a random port unless one is configured) that waits for one {@code GET /callback?…}
 * and answers the browser with a short page. Only that path completes it; anything else gets 404.
 * Bound to the loopback interface only, so nothing outside this machine can reach it. Closed by
 * {@link #close()} (always, in a finally).
 */
final class LoopbackReceiver implements AutoCloseable {
    static final String PATH = "/callback";

    private final ServerSocket socket;
    private final CompletableFuture<URI> callback = new CompletableFuture<>();
    private final Thread acceptor;

    LoopbackReceiver(int port) throws IOException {
        socket = new ServerSocket();
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 8);
        acceptor = Thread.ofVirtual().name("mcphost-oauth-callback").start(this::accept);
    }

    /** {@code http://127.0.0.1:<port>/callback}. */
    URI redirectUri() {
        return URI.create("http://127.0.0.1:" + socket.getLocalPort() + PATH);
    }

    int port() {
        return socket.getLocalPort();
    }

    /** Waits for the redirect; the URI has the query the authorization server added. */
    URI await(Duration timeout) throws TimeoutException, InterruptedException {
        try {
            return callback.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the callback listener failed", e.getCause());
        }
    }

    private void accept() {
        while (!socket.isClosed() && !callback.isDone()) {
            try (Socket client = socket.accept()) {
                client.setSoTimeout(5000);
                handle(client);
            } catch (IOException e) {
                if (socket.isClosed()) {
                    return;
                }
            }
        }
    }

    private void handle(Socket client) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(client.getInputStream(), StandardCharsets.US_ASCII));
        String line = in.readLine();
        if (line == null || line.length() > 16 * 1024) {
            return;
        }
        String[] parts = line.split(" ");
        OutputStream out = client.getOutputStream();
        if (parts.length < 2 || !parts[0].equals("GET") || !(parts[1].equals(PATH) || parts[1].startsWith(PATH + "?"))) {
            write(out, "404 Not Found", "Not found.");
            return;
        }
        // Headers are not needed; read them so the browser sees a clean exchange.
        String header;
        while ((header = in.readLine()) != null && !header.isEmpty()) {
            // skip
        }
        URI uri;
        try {
            uri = URI.create("http://127.0.0.1:" + socket.getLocalPort() + parts[1]);
        } catch (IllegalArgumentException e) {
            write(out, "400 Bad Request", "Malformed callback.");
            return;
        }
        write(out, "200 OK", "Authorisation received. You can close this window and return to the application.");
        callback.complete(uri);
    }

    private static void write(OutputStream out, String status, String text) throws IOException {
        byte[] body = ("<!doctype html><html><body><p>" + text + "</p></body></html>").getBytes(StandardCharsets.UTF_8);
        String head = "HTTP/1.1 " + status + "\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: " + body.length
                + "\r\nConnection: close\r\nCache-Control: no-store\r\n\r\n";
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        out.write(body);
        out.flush();
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // nothing left to free
        }
        acceptor.interrupt();
    }
}
