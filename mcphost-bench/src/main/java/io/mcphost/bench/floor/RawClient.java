package io.mcphost.bench.floor;

import io.mcphost.bench.subject.Subject;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The raw-pipe floor client: starts the server process, writes newline-delimited JSON-RPC to its
 * stdin and matches answers read from its stdout by id, with no MCP library and no JSON tree.
 * What any MCP client costs above this is its own overhead.
 *
 * <p>Thread-safe: writes are serialised by a lock; one platform thread reads, so the pipe read
 * never occupies a virtual-thread carrier.
 */
public final class RawClient implements Subject {
    private final Process process;
    private final OutputStream stdin;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final Map<Long, CompletableFuture<String>> pending = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final Duration timeout;
    private final String echoArg;
    private final Thread reader;

    private RawClient(Process process, Duration timeout, String echoArg) {
        this.process = process;
        this.stdin = process.getOutputStream();
        this.timeout = timeout;
        this.echoArg = echoArg;
        this.reader = Thread.ofPlatform().daemon().name("raw-floor-reader").start(this::readLoop);
    }

    /**
     * Starts {@code command}, runs the initialize handshake and returns once the server answered.
     *
     * @throws UncheckedIOException if the process cannot start or the handshake fails
     */
    public static RawClient connect(List<String> command, String echoArg, Duration timeout) {
        try {
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            RawClient client = new RawClient(process, timeout, echoArg);
            client.request("initialize", "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                    + "\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}");
            client.write("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            return client;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String echo(String text) {
        // Callers pass plain ASCII, so quoting needs no escaping: the floor spends nothing it need not.
        String answer = request("tools/call", "{\"name\":\"echo\",\"arguments\":{\"" + echoArg + "\":\"" + text + "\"}}");
        return Json.stringValue(answer, "text");
    }

    @Override
    public int listTools() {
        // Counting "name" keys is the floor's way to read a list: no tree, no records.
        String answer = request("tools/list", "{}");
        int count = 0;
        for (int i = answer.indexOf("\"name\""); i >= 0; i = answer.indexOf("\"name\"", i + 1)) {
            count++;
        }
        return count;
    }

    /** Sends one request and returns the raw answer line. */
    public String request(String method, String params) {
        long id = ids.incrementAndGet();
        CompletableFuture<String> answer = new CompletableFuture<>();
        pending.put(id, answer);
        try {
            write("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}");
            return answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("raw request " + method + " failed: " + e, e);
        } finally {
            pending.remove(id);
        }
    }

    private void write(String line) throws IOException {
        byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
        writeLock.lock();
        try {
            stdin.write(bytes);
            stdin.flush();
        } finally {
            writeLock.unlock();
        }
    }

    private void readLoop() {
        try (BufferedReader in = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8), 1 << 16)) {
            String line;
            while ((line = in.readLine()) != null) {
                String id = Json.topLevel(line, "id");
                if (id == null) {
                    continue;
                }
                CompletableFuture<String> waiter = pending.get(Long.parseLong(id));
                if (waiter != null) {
                    waiter.complete(line);
                }
            }
        } catch (IOException | NumberFormatException e) {
            // The pipe closed or the server wrote junk: fall through and fail what is pending.
        }
        IllegalStateException gone = new IllegalStateException("floor server connection ended");
        pending.values().forEach(f -> f.completeExceptionally(gone));
    }

    /** Closes stdin, waits briefly for the server to exit, then kills it. */
    @Override
    public void close() {
        try {
            stdin.close();
            if (!process.waitFor(2, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
            }
            reader.join(Duration.ofSeconds(1));
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
