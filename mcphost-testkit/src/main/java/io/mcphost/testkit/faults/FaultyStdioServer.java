package io.mcphost.testkit.faults;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A stdio MCP server that misbehaves on purpose, run as a real child process: the {@code main} of the
 * command line {@link FaultyServers#stdio()} builds. It speaks raw JSON-RPC (not the server toolkit),
 * because most faults are things a correct toolkit cannot be made to do: duplicate or unknown ids,
 * malformed messages, lines far beyond any limit, answers in the wrong order.
 *
 * <p>Its tools: {@code echo} (answers {@code "echo <text> #<n>"}), {@code hang} (never answers),
 * {@code slow} (answers after {@code ms}), {@code progress} (sends {@code steps} progress
 * notifications {@code intervalMs} apart when the call carries a progress token, then answers unless
 * {@code finish} is false). Each request is answered on its own virtual thread. Everything it notices
 * that a test may want to check is written to stderr, one line each: {@code argv <JSON array>}, {@code grandchild <pid>},
 * {@code cancelled <requestId>}, {@code dying after <n> calls}.
 *
 * <p>Not an API to call: its options are the flags {@link StdioFaults} writes, and may change with it.
 */
public final class FaultyStdioServer {
    private static final ObjectMapper JSON = JsonMapper.builder().build();

    private final Map<String, String> options;
    private final PrintStream err = System.err;
    private final OutputStream out = new BufferedOutputStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), 1 << 16);
    private final AtomicInteger calls = new AtomicInteger();
    private final AtomicInteger unknownIds = new AtomicInteger();
    private final List<String> extraTools = new ArrayList<>();
    private final Map<String, Boolean> cancelled = new ConcurrentHashMap<>();

    private FaultyStdioServer(Map<String, String> options) {
        this.options = options;
    }

    /**
     * Runs the server on this process's stdin and stdout until stdin ends (or forever, with
     * {@code --ignore-stdin-eof}).
     *
     * @param args flags as written by {@link StdioFaults#command()}
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> options = new ConcurrentHashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            options.put(eq < 0 ? arg : arg.substring(0, eq), eq < 0 ? "" : arg.substring(eq + 1));
        }
        // Echoed so that a test can check the arguments arrived verbatim, with no shell in between.
        System.err.println("argv " + JSON.writeValueAsString(args));
        new FaultyStdioServer(options).run();
    }

    private boolean has(String flag) {
        return options.containsKey(flag);
    }

    private long number(String flag, long otherwise) {
        String value = options.get(flag);
        return value == null || value.isEmpty() ? otherwise : Long.parseLong(value);
    }

    private void run() throws Exception {
        if (has("--ignore-sigterm")) {
            // A JVM exits on SIGTERM through its shutdown hooks; replacing the handler is the only way
            // for Java code to play a server that ignores it, so that close has to escalate to SIGKILL.
            sun.misc.Signal.handle(new sun.misc.Signal("TERM"), signal -> err.println("ignored SIGTERM"));
        }
        if (has("--grandchild")) {
            // The grandchild inherits stdout and stderr, as a careless server's helper would, so the
            // pipes stay open after this process dies.
            Process child = new ProcessBuilder("sleep", "600").redirectOutput(ProcessBuilder.Redirect.INHERIT)
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            err.println("grandchild " + child.pid());
        }
        long flood = number("--stderr-flood", 0);
        if (flood > 0) {
            Thread.ofVirtual().start(() -> floodStderr(flood));
        }
        for (long i = number("--junk-lines", 0); i > 0; i--) {
            write("junk line " + i + ": not JSON at all {");
        }
        long listChanged = number("--list-changed", 0);
        if (listChanged > 0) {
            Thread.ofVirtual().start(() -> everyMillis(listChanged,
                    () -> write("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}")));
        }
        err.println("faulty server ready");
        var in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
        for (String line; (line = in.readLine()) != null; ) {
            JsonNode message = JSON.readTree(line);
            if (message.has("method") && message.has("id")) {
                Thread.ofVirtual().start(() -> answer(message));
            } else if ("notifications/cancelled".equals(message.path("method").asString(""))) {
                String id = message.path("params").path("requestId").toString();
                cancelled.put(id, true);
                err.println("cancelled " + id);
            }
        }
        err.println("stdin ended");
        if (has("--ignore-stdin-eof")) {
            Thread.sleep(Long.MAX_VALUE);
        }
        System.exit(0);
    }

    private void answer(JsonNode request) {
        try {
            String method = request.path("method").asString("");
            JsonNode id = request.get("id");
            long slow = number("--slow", 0);
            if (slow > 0) {
                Thread.sleep(slow);
            }
            switch (method) {
                case "initialize" -> {
                    if (has("--die-during-initialize")) {
                        err.println("fatal: cannot read /etc/faulty.conf");
                        err.flush();
                        Runtime.getRuntime().halt(4);
                    }
                    respond(id, "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"tools\":{\"listChanged\":true}},"
                            + "\"serverInfo\":{\"name\":\"faulty\",\"version\":\"1\"}}");
                }
                case "tools/list" -> respond(id, toolList());
                case "tools/call" -> call(id, request.path("params"));
                case "ping" -> respond(id, "{}");
                default -> write("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"error\":{\"code\":-32601,\"message\":\"no " + method + "\"}}");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private String toolList() {
        List<String> names = new ArrayList<>(List.of("echo", "hang", "slow", "progress"));
        synchronized (extraTools) {
            names.addAll(extraTools);
        }
        StringBuilder tools = new StringBuilder("{\"tools\":[");
        for (int i = 0; i < names.size(); i++) {
            tools.append(i == 0 ? "" : ",").append("{\"name\":\"").append(names.get(i))
                    .append("\",\"inputSchema\":{\"type\":\"object\"}}");
        }
        return tools.append("]}").toString();
    }

    private void call(JsonNode id, JsonNode params) throws InterruptedException {
        int n = calls.incrementAndGet();
        long dieAfter = number("--die-after", 0);
        if (dieAfter > 0 && n > dieAfter) {
            err.println("dying after " + dieAfter + " calls");
            err.flush();
            Runtime.getRuntime().halt(3);
        }
        if (n == 1 && has("--adds-tool")) {
            // A tool that appears at runtime, for the host's rule that a name once exposed stays with its server.
            synchronized (extraTools) {
                extraTools.add(options.get("--adds-tool"));
            }
            write("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}");
        }
        if (n == 1 && has("--huge-line")) {
            hugeLine(number("--huge-line", 0));
        }
        JsonNode args = params.path("arguments");
        switch (params.path("name").asString("")) {
            case "hang" -> {
                return;
            }
            case "slow" -> Thread.sleep(args.path("ms").asLong(1000));
            case "progress" -> {
                JsonNode token = params.path("_meta").path("progressToken");
                long steps = args.path("steps").asLong(5);
                for (long step = 1; step <= steps && !token.isMissingNode() && !cancelled.containsKey(id.toString()); step++) {
                    Thread.sleep(args.path("intervalMs").asLong(100));
                    write("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":"
                            + token + ",\"progress\":" + step + "}}");
                }
                if (!args.path("finish").asBoolean(true)) {
                    return;
                }
            }
            default -> {
                if (has("--out-of-order")) {
                    // Random short delays make answers overtake each other whenever calls overlap.
                    Thread.sleep(ThreadLocalRandom.current().nextInt(20));
                }
            }
        }
        respond(id, "{\"content\":[{\"type\":\"text\",\"text\":" + JSON.writeValueAsString("echo " + args.path("text").asString("") + " #" + n) + "}]}");
    }

    private void respond(JsonNode id, String result) {
        if (has("--malformed")) {
            write("{\"jsonrpc\":\"2.0\",\"id\":");
            write("{\"jsonrpc\":\"1.0\",\"id\":" + id + ",\"result\":{}}");
            write("{\"jsonrpc\":\"2.0\",\"result\":{}}");
            write("[]");
            write("{\"jsonrpc\":\"2.0\",\"id\":{\"an\":\"object\"},\"result\":{}}");
        }
        if (has("--unknown-ids")) {
            write("{\"jsonrpc\":\"2.0\",\"id\":\"unknown-" + unknownIds.incrementAndGet() + "\",\"result\":{}}");
        }
        String line = "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":" + result + "}";
        write(line);
        if (has("--duplicate-ids")) {
            write(line);
        }
    }

    private void write(String line) {
        byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
        synchronized (out) {
            try {
                out.write(bytes);
                out.flush();
            } catch (IOException e) {
                // The client is gone; nothing left to tell it.
            }
        }
    }

    private void hugeLine(long bytes) {
        // Written in chunks so that this process never holds the line either.
        byte[] chunk = new byte[1 << 16];
        java.util.Arrays.fill(chunk, (byte) 'x');
        synchronized (out) {
            try {
                out.write("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"data\":\"".getBytes(StandardCharsets.UTF_8));
                for (long left = bytes; left > 0; left -= chunk.length) {
                    out.write(chunk, 0, (int) Math.min(chunk.length, left));
                }
                out.write("\"}}\n".getBytes(StandardCharsets.UTF_8));
                out.flush();
            } catch (IOException e) {
                // The client is gone.
            }
        }
    }

    private void floodStderr(long bytes) {
        byte[] line = "flood flood flood flood flood flood flood flood flood flood flood flood flood\n".getBytes(StandardCharsets.US_ASCII);
        for (long left = bytes; left > 0; left -= line.length) {
            err.write(line, 0, (int) Math.min(line.length, left));
        }
        err.println("flood done");
    }

    private static void everyMillis(long millis, Runnable action) {
        try {
            while (true) {
                Thread.sleep(millis);
                action.run();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
