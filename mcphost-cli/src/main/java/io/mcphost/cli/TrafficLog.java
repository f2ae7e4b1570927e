package io.mcphost.cli;

import io.mcphost.client.ObservedRequest;
import io.mcphost.client.RequestObserver;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON-RPC traffic of {@code -v}, on stderr: {@code → method {params}} when a request starts and
 * {@code ← method 12 ms {result}} (or {@code error: …}) when it ends. Each line is cut to
 * {@link #MAX_LINE_CHARS}, and the values of keys that name a secret are shown as {@code ***}.
 * Thread-safe: answers are printed from the client's reader thread while the command thread prints too,
 * so each line is written under the writer's own lock in one call.
 */
final class TrafficLog implements RequestObserver {
    /** A whole tool result or resource can be megabytes; the line says what happened, --json says everything. */
    static final int MAX_LINE_CHARS = 500;

    // Keys as servers and users spell them: apiKey, api_key, x-api-key, access_token, Authorization, …
    private static final Pattern SECRET_KEY = Pattern.compile(
            "(?i).*(token|secret|password|passwd|authorization|api[_-]?key|cookie|credential).*");

    private final PrintWriter err;

    TrafficLog(PrintWriter err) {
        this.err = err;
    }

    @Override
    public Completion start(ObservedRequest request) {
        String method = request.method();
        print("→ " + method + " " + redacted(request.params()));
        long started = System.nanoTime();
        return (result, failure) -> {
            long millis = (System.nanoTime() - started) / 1_000_000;
            String outcome = failure == null ? redacted(result).toString() : "error: " + failure.getMessage();
            print("← " + method + " " + millis + " ms " + outcome);
        };
    }

    private void print(String line) {
        String oneLine = TerminalElicitation.printable(line.replace('\n', ' '));
        if (oneLine.length() > MAX_LINE_CHARS) {
            oneLine = oneLine.substring(0, MAX_LINE_CHARS - 1) + "…";
        }
        synchronized (err) { // PrintWriter's own lock: keeps a line from interleaving with another thread's
            err.println(oneLine);
            err.flush();
        }
    }

    /** A copy of {@code node} with every secret-named key's value replaced by {@code "***"}, at any depth. */
    static JsonNode redacted(JsonNode node) {
        if (node == null) {
            return null;
        }
        JsonNode copy = node.deepCopy();
        redactInPlace(copy);
        return copy;
    }

    private static void redactInPlace(JsonNode node) {
        if (node instanceof ObjectNode object) {
            List<String> names = new ArrayList<>(object.propertyNames());
            for (String name : names) {
                // progressToken is the protocol's own handle for progress, not a credential.
                if (SECRET_KEY.matcher(name).matches() && !name.equals("progressToken")) {
                    object.put(name, "***");
                } else {
                    redactInPlace(object.get(name));
                }
            }
        } else if (node.isArray()) {
            node.forEach(TrafficLog::redactInPlace);
        }
    }
}
