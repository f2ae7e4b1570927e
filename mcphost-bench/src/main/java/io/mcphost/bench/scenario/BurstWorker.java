package io.mcphost.bench.scenario;

import io.mcphost.bench.subject.Library;
import io.mcphost.bench.subject.ServerKind;
import io.mcphost.bench.subject.Subject;
import io.mcphost.bench.subject.SubjectProcess;
import io.mcphost.bench.subject.Subjects;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * One in-JVM library's client in a JVM of its own, for the throughput scenario: started by
 * {@link #start} and driven through {@link SubjectProcess}'s protocol (only {@code burst}), it runs
 * each burst with {@link CallScenarios.Burst#run} and answers what it measured.
 *
 * <p>Why: a hung burst of the official SDK leaves virtual threads spinning on every carrier of its
 * JVM; in a shared JVM every library measured after it starved or slowed. A worker whose burst hung is
 * killed and replaced by the scenario; the others never see its threads.
 *
 * <pre>
 * java -cp CLASSPATH io.mcphost.bench.scenario.BurstWorker LIBRARY TIMEOUT_MS SERVER_NAME ECHO_ARG COMMAND...
 * </pre>
 */
public final class BurstWorker {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private BurstWorker() {
    }

    /**
     * Starts a worker JVM for {@code library} (the same java binary and class path as this JVM, and
     * this JVM's {@code -Dmcphost.*} and {@code -Djdk.virtualThreadScheduler.*} settings), which connects to a new
     * {@code server}; returns once it is connected.
     *
     * @throws IllegalStateException if the worker cannot start or connect within {@code timeout}
     */
    public static SubjectProcess start(Library library, ServerKind server, Duration timeout) {
        if (library == Library.TS_SDK) {
            throw new IllegalArgumentException("ts-sdk runs in node: SubjectProcess.node");
        }
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        for (Map.Entry<Object, Object> p : System.getProperties().entrySet()) {
            String key = p.getKey().toString();
            if (key.startsWith("mcphost.") || key.startsWith("jdk.virtualThreadScheduler.")) {
                command.add("-D" + key + "=" + p.getValue());
            }
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), BurstWorker.class.getName(),
                library.label(), Long.toString(timeout.toMillis()), server.name(), server.echoArg()));
        command.addAll(server.command());
        // Its start includes a JVM's and the server's: more than one request timeout on a busy machine.
        return SubjectProcess.start(library.label(), command, timeout.multipliedBy(2));
    }

    /** See the class comment for the arguments. Stdout carries answers only: the libraries' output goes to stderr. */
    public static void main(String[] args) throws IOException, InterruptedException {
        PrintStream answers = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        Library library = Arrays.stream(Library.values()).filter(l -> l.label().equals(args[0])).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown library '" + args[0] + "'"));
        long timeoutMillis = Long.parseLong(args[1]);
        ServerKind server = new ServerKind(args[2], List.of(args).subList(4, args.length), args[3]);
        Subject subject;
        try {
            subject = Subjects.connect(library, server, Duration.ofMillis(timeoutMillis));
        } catch (RuntimeException e) {
            answers.println(JSON.createObjectNode().put("error", e.toString()));
            return;
        }
        answers.println(JSON.createObjectNode().put("ready", true)
                .put("versions", library.label() + " in a JVM of its own (" + Runtime.version() + ")"));
        BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = commands.readLine(); line != null; line = commands.readLine()) {
            JsonNode command = JSON.readTree(line);
            if (!"burst".equals(command.path("op").asString(""))) {
                answers.println(JSON.createObjectNode().put("error", "unknown op: " + line));
                continue;
            }
            CallScenarios.Burst burst = CallScenarios.Burst.run(subject, command.path("callers").asInt(),
                    command.path("perCaller").asInt(), command.path("boundMillis").asLong(timeoutMillis * 4));
            answers.println(answer(burst)); // after a hung burst, the scenario kills this JVM and starts another
        }
        subject.close();
    }

    private static ObjectNode answer(CallScenarios.Burst burst) {
        ObjectNode answer = JSON.createObjectNode();
        var ns = answer.putArray("ns");
        for (long nanos : burst.samples().toArray()) {
            ns.add(nanos);
        }
        return answer.put("wallNs", burst.wallNanos()).put("failures", burst.failures())
                .put("hung", burst.hung()).put("neverRan", burst.neverRan()).put("cpuNs", burst.cpuNanos());
    }
}
