package io.mcphost.cli;

import io.mcphost.client.McpClient;
import io.mcphost.client.ResourceSubscription;
import io.mcphost.protocol.McpCapabilityException;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.resources.ReadResourceResult;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code mcphost subscribe <uri>}: subscribes to a resource ({@code resources/subscribe}) and prints
 * {@code updated <uri>} on stdout for each {@code notifications/resources/updated} (with
 * {@code --read}, followed by the resource's new contents), until {@code --count} updates arrived,
 * {@code --for} elapsed, or Ctrl-C; it unsubscribes on the way out and exits 0. A server without
 * {@code resources.subscribe} is a failure (exit 3). The listener only queues updates; this command's
 * thread prints them and reads the resource, because the client's notification thread must not block
 * on a request. Not thread-safe: one instance per command line.
 */
@Command(name = "subscribe", description = "Print a line each time the server says a resource changed: subscribe <uri>"
        + " [--count N] [--for DURATION] [--read]. Ends after N updates, the duration, or Ctrl-C.",
        footer = {"", "Examples:", "  mcphost subscribe demo://clock --count 3", "  mcphost subscribe demo://clock --for 10s --read",
            "  mcphost --config mcp.json --server everything \\",
            "      subscribe demo://resource/dynamic/text/1 --count 1"})
final class SubscribeCommand implements java.util.concurrent.Callable<Integer> {
    @ParentCommand
    McpHostCommand root;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "URI", description = "The resource's URI, e.g. demo://clock.")
    String uri;

    @Option(names = "--count", paramLabel = "N", description = "Stop after N updates (default: no limit).")
    Integer count;

    @Option(names = "--for", paramLabel = "DURATION", description = "Stop after this long: 10 (seconds), 10s, 2m, 500ms or PT1M.")
    String duration;

    @Option(names = "--read", description = "After each update, read the resource and print its contents.")
    boolean read;

    @Override
    public Integer call() throws InterruptedException {
        if (count != null && count < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--count must be at least 1, not " + count);
        }
        long deadline = duration == null ? Long.MAX_VALUE : System.nanoTime() + parseDuration().toNanos();
        BlockingQueue<String> updates = new LinkedBlockingQueue<>();
        CountDownLatch stop = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        // Ctrl-C: wake the loop below, let it unsubscribe and close, then end with 0 rather than 130.
        Thread hook = new Thread(() -> {
            stop.countDown();
            updates.offer("");
            try {
                done.await(3, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Runtime.getRuntime().halt(McpHostCommand.OK);
        }, "mcphost-subscribe-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        // Under --config the URI's scheme names the server to start (HostTarget.openForUri); --server picks one.
        try (Target target = root.open(McpHostCommand.Need.uri(uri, false))) {
            Subscribed subscribed;
            try {
                subscribed = target.onServerOf(uri, false, c -> new Subscribed(c, c.subscribeResource(uri, n -> updates.offer(n.uri()))));
            } catch (McpCapabilityException e) {
                root.err().println("mcphost: " + e.server().orElse("the server") + " does not support resource subscriptions"
                        + " (no resources.subscribe capability): " + e.getMessage());
                root.err().flush();
                return ExitCode.REFUSED;
            }
            McpClient client = subscribed.client();
            ResourceSubscription subscription = subscribed.subscription();
            try (subscription) {
                root.err().println("subscribed to " + uri + (count != null ? "; waiting for " + count + " update(s)" : "")
                        + (duration != null ? " for " + duration : "") + " (Ctrl-C to stop)");
                root.err().flush();
                int seen = 0;
                while ((count == null || seen < count) && stop.getCount() > 0) {
                    long left = deadline - System.nanoTime();
                    String updated = updates.poll(Math.max(0, left), TimeUnit.NANOSECONDS);
                    if (updated == null || stop.getCount() == 0) {
                        break; // --for elapsed, or Ctrl-C
                    }
                    seen++;
                    print(client, updated);
                }
            } catch (McpException e) {
                if (stop.getCount() == 0) {
                    return McpHostCommand.OK; // the connection went down with Ctrl-C
                }
                throw e;
            }
            return McpHostCommand.OK;
        } finally {
            done.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C is under way; the hook ends the process.
            }
        }
    }

    /** The subscription and the client of the server it was made with (which the updates' reads go to). */
    private record Subscribed(McpClient client, ResourceSubscription subscription) {
    }

    private void print(McpClient client, String updated) {
        Printer p = root.printer();
        if (p.isJson()) {
            p.json(read ? Map.of("uri", updated, "contents", client.readResource(updated).contents()) : Map.of("uri", updated));
        } else {
            p.out().println("updated " + updated);
            if (read) {
                ReadResourceResult result = client.readResource(updated);
                p.resourceContents(result.contents());
            }
        }
        p.out().flush();
    }

    private Duration parseDuration() {
        try {
            return Durations.parse("--for", duration);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
