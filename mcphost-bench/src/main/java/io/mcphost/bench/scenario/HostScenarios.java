package io.mcphost.bench.scenario;

import io.mcphost.bench.subject.Library;
import io.mcphost.bench.subject.ServerKind;
import io.mcphost.bench.subject.Subject;
import io.mcphost.host.McpHost;
import io.mcphost.host.ServerSpec;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import io.mcphost.transport.memory.MemoryTransport;
import io.mcphost.transport.stdio.StdioTransport;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Many servers at once: {@code McpHost} starting and closing 20 stdio servers (against the same
 * work done by hand with the SDK and the floor: 20 clients connected and listed in parallel), and
 * catalog aggregation over 50 in-process servers of 200 tools each.
 */
public final class HostScenarios {
    private static final double MILLIS = 1e6;

    private HostScenarios() {
    }

    /** Start (to ready, tools listed) and close of {@code count} stdio servers, in ms. */
    public static List<Row> manyServers(Options options, ServerKind server, int count) {
        String variant = count + " stdio servers, " + server.name();
        Comparison start = new Comparison("host-start", variant, "ms", MILLIS);
        Comparison close = new Comparison("host-close", variant, "ms", MILLIS);
        List<Library> libraries = options.libraries().stream().filter(l -> l != Library.SDK_ASYNC).toList();
        start.run(libraries, options.bulkRounds(), (library, round, out) -> {
            if (library == Library.MCPHOST) {
                hostRound(server, count, round, out, close);
            } else {
                byHandRound(library, server, count, round, out, close, options);
            }
            LifecycleScenarios.awaitNoChildren();
        });
        // The target: 20 servers started in parallel within 1.2x the slowest of the same servers started alone.
        Comparison single = new Comparison("host-start", "1 stdio server (slowest of 3), " + server.name(), "ms", MILLIS);
        Comparison singleClose = new Comparison("host-close", "1 stdio server", "ms", MILLIS);
        // The floor's own ratio is the bound on this machine: with no library at all, starting 20 processes
        // at once costs 20 spawns and 20 server starts on the same cores.
        List<Library> singles = libraries.contains(Library.FLOOR) ? List.of(Library.MCPHOST, Library.FLOOR) : List.of(Library.MCPHOST);
        single.run(singles, options.bulkRounds(), (library, round, out) -> {
            Comparison one = new Comparison("host-start", "1", "ms", MILLIS);
            Comparison oneClose = new Comparison("host-close", "1", "ms", MILLIS);
            long slowest = 0;
            for (int i = 0; i < 3; i++) {
                if (library == Library.MCPHOST) {
                    hostRound(server, 1, i, one, singleClose);
                } else {
                    byHandRound(library, server, 1, i, one, oneClose, options);
                }
                slowest = Math.max(slowest, (long) one.headline(library, i));
                LifecycleScenarios.awaitNoChildren();
            }
            out.record(library, round, LifecycleScenarios.single(slowest));
        });
        for (Library library : singles) {
            single.note(library, String.format("%d in parallel / slowest single = %.2f%s", count,
                    start.medianHeadline(library) / single.medianHeadline(library),
                    library == Library.MCPHOST ? " (target <= 1.2)" : " (no library: the machine's bound)"));
        }
        List<Row> rows = new ArrayList<>(start.rows());
        rows.addAll(single.rows());
        rows.addAll(close.rows());
        return rows;
    }

    private static void hostRound(ServerKind server, int count, int round, Comparison start, Comparison close) {
        McpHost.Builder builder = McpHost.builder();
        for (int i = 0; i < count; i++) {
            builder.server(ServerSpec.builder("s" + i, () -> StdioTransport.builder(server.command()).build()).build());
        }
        long before = System.nanoTime();
        McpHost host = builder.failOpen(false).start();
        long ready = System.nanoTime();
        try {
            if (host.tools().size() != count) {
                throw new IllegalStateException("catalog has " + host.tools().size() + " tools, expected " + count);
            }
            ObjectNode args = JsonNodeFactory.instance.objectNode().put(server.echoArg(), "hello");
            CallToolResult result = host.callTool("s0__echo", args);
            if (result.isError()) {
                throw new IllegalStateException("s0__echo failed: " + result);
            }
        } finally {
            long closing = System.nanoTime();
            host.close();
            close.record(Library.MCPHOST, round, LifecycleScenarios.single(System.nanoTime() - closing));
        }
        start.record(Library.MCPHOST, round, LifecycleScenarios.single(ready - before));
    }

    private static void byHandRound(Library library, ServerKind server, int count, int round, Comparison start,
                                    Comparison close, Options options) throws Exception {
        long before = System.nanoTime();
        List<Subject> subjects = LifecycleScenarios.connectMany(library, server, count, options);
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Integer>> lists = new ArrayList<>();
            for (Subject subject : subjects) {
                lists.add(pool.submit(subject::listTools));
            }
            for (Future<Integer> f : lists) {
                f.get();
            }
        }
        long ready = System.nanoTime();
        start.record(library, round, LifecycleScenarios.single(ready - before));
        long closing = System.nanoTime();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            subjects.forEach(s -> pool.submit(s::close));
        }
        close.record(library, round, LifecycleScenarios.single(System.nanoTime() - closing));
    }

    /**
     * {@code servers} in-process {@link McpServer}s with {@code tools} tools each, over the
     * in-memory transport (JSON round trip on): time from {@code start()} to a built catalog, and
     * the time to read the whole catalog once. McpHost only: the SDK has no host to compare.
     */
    public static List<Row> catalog(Options options, int servers, int tools) {
        List<McpServer> fixtures = new ArrayList<>();
        for (int s = 0; s < servers; s++) {
            McpServer.Builder builder = McpServer.builder().name("cat" + s);
            for (int t = 0; t < tools; t++) {
                builder.tool(Tool.of("tool_" + t, "Tool " + t + " of server " + s + ", for the catalog benchmark.",
                        SCHEMA), call -> CallToolResult.text("ok"));
            }
            fixtures.add(builder.build());
        }
        String variant = servers + " servers x " + tools + " tools";
        Comparison build = new Comparison("catalog", variant + ", start", "ms", MILLIS);
        Comparison read = new Comparison("catalog", variant + ", tools()", "us", 1e3);
        build.run(List.of(Library.MCPHOST), options.bulkRounds(), (library, round, out) -> {
            McpHost.Builder builder = McpHost.builder();
            for (int s = 0; s < servers; s++) {
                McpServer fixture = fixtures.get(s);
                builder.server(ServerSpec.builder("cat" + s, () -> {
                    MemoryTransport.Pair pair = MemoryTransport.pair();
                    fixture.serve(pair.server());
                    return pair.client();
                }).build());
            }
            long before = System.nanoTime();
            try (McpHost host = builder.failOpen(false).start()) {
                out.record(library, round, LifecycleScenarios.single(System.nanoTime() - before));
                Samples reads = new Samples();
                for (int i = 0; i < 20; i++) {
                    long t0 = System.nanoTime();
                    int size = host.tools().size();
                    reads.add(System.nanoTime() - t0);
                    if (size != servers * tools) {
                        throw new IllegalStateException("catalog has " + size + " tools, expected " + servers * tools);
                    }
                }
                read.record(library, round, reads);
            }
        });
        build.note(Library.MCPHOST, "in-process (memory transport); no SDK equivalent");
        List<Row> rows = new ArrayList<>(build.rows());
        rows.addAll(read.rows());
        return rows;
    }

    private static final JsonNode SCHEMA = JsonNodeFactory.instance.objectNode().put("type", "object")
            .set("properties", JsonNodeFactory.instance.objectNode()
                    .set("text", JsonNodeFactory.instance.objectNode().put("type", "string")));
}
