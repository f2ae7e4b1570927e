package io.mcphost.testkit;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The npm reference server server-everything, started as a child process in one of its HTTP modes
 * on a free loopback port (see {@link NpmFixtures}). Its output is discarded.
 *
 * <p>Thread-safe. {@link #close()} kills the process and its descendants and waits at most five
 * seconds for it to exit.
 */
public final class EverythingHttpServer implements AutoCloseable {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(20);

    private final Process process;
    private final int port;

    private EverythingHttpServer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /**
     * Starts server-everything in {@code mode} and blocks until it accepts connections, for at most
     * 20 seconds.
     *
     * @param mode the server's mode argument: {@code "streamableHttp"} (endpoint {@code /mcp}) or
     *             {@code "sse"} (the 2024-11-05 HTTP+SSE transport, endpoint {@code /sse})
     * @throws IllegalStateException if it is not installed, cannot start, exits, or does not listen in
     *                               time (the process is then killed)
     */
    public static EverythingHttpServer start(String mode) {
        Objects.requireNonNull(mode, "mode");
        List<String> stdio = NpmFixtures.everythingStdio();
        int port = freePort();
        ProcessBuilder builder = new ProcessBuilder(stdio.get(0), stdio.get(1), mode)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("PORT", Integer.toString(port));
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start server-everything: " + e.getMessage(), e);
        }
        EverythingHttpServer server = new EverythingHttpServer(process, port);
        server.awaitListening(START_TIMEOUT);
        return server;
    }

    /** The URL of {@code path} on this server, such as {@code url("/mcp")}. */
    public String url(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    private void awaitListening(Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("server-everything exited with " + process.exitValue());
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException e) {
                // Not listening yet: node takes a moment to start; probe again shortly.
                LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
            }
        }
        close();
        throw new IllegalStateException("server-everything did not listen on port " + port + " within " + limit);
    }

    // The port can be taken between this probe and node binding it; rare on loopback, and the start
    // then fails loudly rather than talking to a stranger.
    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Kills the server and its descendants; waits at most five seconds for it to exit. */
    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
