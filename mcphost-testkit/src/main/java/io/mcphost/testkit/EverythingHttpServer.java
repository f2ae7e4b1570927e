package io.mcphost.client;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** server-everything started as a child process in one of its HTTP modes on a free local port. */
final class EverythingHttpServer implements AutoCloseable {
    private final Process process;
    private final int port;

    private EverythingHttpServer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static EverythingHttpServer start(String mode) {
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
        server.awaitListening(Duration.ofSeconds(20));
        return server;
    }

    String url(String path) {
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
                sleep(50);
            }
        }
        close();
        throw new IllegalStateException("server-everything did not listen on port " + port + " within " + limit);
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

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
