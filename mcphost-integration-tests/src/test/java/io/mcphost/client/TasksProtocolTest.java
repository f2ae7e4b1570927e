package io.mcphost.client;

import io.mcphost.protocol.Era;
import static io.mcphost.testkit.ScriptedServer.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpCancelledException;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.SpecSchemas;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.tasks.TaskStatus;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.RecordingTransport;
import io.mcphost.testkit.ScriptedServer;
import io.mcphost.transport.memory.MemoryTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Tasks against a scripted server, for what our own toolkit never does: no status notifications and
 * no poll interval, a failed task whose result is a JSON-RPC error, a malformed answer, and a server
 * sending task-augmented requests to a client that announced no tasks.
 */
class TasksProtocolTest {
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final String CAPABILITIES =
            "{\"tools\":{},\"tasks\":{\"list\":{},\"cancel\":{},\"requests\":{\"tools\":{\"call\":{}}}}}";
    private static final String TOOLS = """
            {"tools":[{"name":"job","inputSchema":{"type":"object"},"execution":{"taskSupport":"optional"}}]}""";

    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    private record Connected(McpClient client, ScriptedServer server, RecordingTransport sent) {
    }

    private Connected connect(Function<JsonRpcRequest, Optional<JsonNode>> script, UnaryOperator<McpClientBuilder> setup) {
        var pair = MemoryTransport.pair();
        ScriptedServer server = new ScriptedServer(pair.server(), script).capabilities(CAPABILITIES).start();
        RecordingTransport recording = new RecordingTransport(pair.client());
        // Legacy: a scripted 2025-11-25 server; tasks/list, tasks/result and these task requests are that revision's.
        McpClient client = setup.apply(McpClient.builder(recording).name("scripted").era(Era.LEGACY)
                .requestTimeout(Duration.ofSeconds(5))).connect();
        toClose.add(server::close);
        toClose.add(client);
        return new Connected(client, server, recording);
    }

    private static JsonNode task(String status, String extra) {
        return json("""
                {"taskId":"t-1","status":"%s","createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:30:00Z",
                 "ttl":null%s}""".formatted(status, extra));
    }

    private static long count(Connected c, String method) {
        return c.server().receivedMethods().stream().filter(method::equals).count();
    }

    @Test
    void withoutNotificationsOrPollIntervalTheClientPollsWithBackoffUntilTheEnd() {
        AtomicInteger polls = new AtomicInteger();
        Connected c = connect(r -> switch (r.method()) {
            case "tools/list" -> Optional.of(json(TOOLS));
            case "tools/call" -> Optional.of(CODEC.newObject().set("task", task("working", "")));
            case "tasks/get" -> Optional.of(task(polls.incrementAndGet() < 3 ? "working" : "completed", ""));
            case "tasks/result" -> Optional.of(json("{\"content\":[{\"type\":\"text\",\"text\":\"done\"}]}"));
            default -> Optional.of(json("{}"));
        }, b -> b);
        long start = System.nanoTime();

        ToolTask job = c.client().tasks().callToolAsTask("job", null);

        assertThat(job.awaitResult(Duration.ofSeconds(5)).content()).hasSize(1);
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertThat(count(c, "tasks/get")).isEqualTo(3);
        assertThat(took).isBetween(Duration.ofMillis(700), Duration.ofSeconds(3)); // 100 + 200 + 400 ms of pauses
        assertThat(job.task().status()).isEqualTo(TaskStatus.COMPLETED);
    }

    @Test
    void aFailedTaskWhoseResultIsAnErrorThrowsTheErrorWithTheTasksStatusMessage() {
        Connected c = connect(r -> switch (r.method()) {
            case "tools/list" -> Optional.of(json(TOOLS));
            case "tools/call" -> Optional.of(CODEC.newObject().set("task", task("working", ",\"pollInterval\":10")));
            case "tasks/get" -> Optional.of(task("failed", ",\"statusMessage\":\"API rate limit exceeded\""));
            case "tasks/result" -> throw new IllegalStateException("upstream refused the request");
            default -> Optional.of(json("{}"));
        }, b -> b);
        ToolTask job = c.client().tasks().callToolAsTask("job", null);

        assertThatThrownBy(() -> job.awaitResult(Duration.ofSeconds(5)))
                .isInstanceOfSatisfying(McpError.class, e -> assertThat(e.code()).isEqualTo(JsonRpcError.INVALID_PARAMS))
                .hasMessageContaining("task t-1 of tool 'job' (failed: API rate limit exceeded)")
                .hasMessageContaining("upstream refused the request");
    }

    @Test
    void aTaskCancelledWhileItsResultWasAwaitedThrowsCancelled() {
        Connected c = connect(r -> switch (r.method()) {
            case "tools/list" -> Optional.of(json(TOOLS));
            case "tools/call" -> Optional.of(CODEC.newObject().set("task", task("input_required", "")));
            case "tasks/get" -> Optional.of(task("cancelled", ",\"statusMessage\":\"the operator stopped it\""));
            case "tasks/result" -> throw new IllegalStateException("Task t-1 was cancelled");
            default -> Optional.of(json("{}"));
        }, b -> b);
        ToolTask job = c.client().tasks().callToolAsTask("job", null);

        assertThatThrownBy(() -> job.awaitResult(Duration.ofSeconds(5)))
                .isInstanceOf(McpCancelledException.class)
                .hasMessageContaining("task t-1 of tool 'job' was cancelled: the operator stopped it");
        assertThat(c.server().receivedMethods()).containsSubsequence("tasks/result", "tasks/get");
    }

    @Test
    void aCallerWhoGivesUpWhileARequiredToolsTaskIsCreatedGetsTheTaskCancelledOnceItExists() {
        CountDownLatch answerTheCall = new CountDownLatch(1);
        Connected c = connect(r -> switch (r.method()) {
            case "tools/list" -> Optional.of(json(TOOLS.replace("optional", "required")));
            case "tools/call" -> {
                try {
                    answerTheCall.await(5, TimeUnit.SECONDS); // the task is being created while the caller gives up
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                yield Optional.of(CODEC.newObject().set("task", task("working", "")));
            }
            case "tasks/cancel" -> Optional.of(task("cancelled", ""));
            default -> Optional.of(task("working", ""));
        }, b -> b);
        CompletableFuture<?> call = c.client().callToolAsync("job", null);
        Await.until(Duration.ofSeconds(5), () -> c.server().receivedMethods().contains("tools/call"), "the call to reach the server");

        call.cancel(true);
        answerTheCall.countDown();

        // Generous: one CI run on a loaded machine saw no tasks/cancel within 5 s (not reproduced in 640 runs since);
        // the message lists what the server did receive, to tell a lost cancel from a slow one.
        Await.until(Duration.ofSeconds(15), () -> c.server().receivedMethods().contains("tasks/cancel"),
                () -> "tasks/cancel; the server received " + c.server().receivedMethods());
        assertThat(c.server().received()).filteredOn(m -> m instanceof JsonRpcRequest r && r.method().equals("tasks/cancel"))
                .singleElement().satisfies(m -> assertThat(((JsonRpcRequest) m).params().orElseThrow().path("taskId").stringValue())
                        .isEqualTo("t-1"));
        // The creating request was not called off (the server would have created the task anyway), nor awaited.
        assertThat(c.server().receivedMethods()).doesNotContain("notifications/cancelled", "tasks/result");
    }

    @Test
    void anAnswerWithoutATaskIsAProtocolError() {
        Connected c = connect(r -> switch (r.method()) {
            case "tools/list" -> Optional.of(json(TOOLS));
            case "tools/call" -> Optional.of(json("{\"content\":[]}"));
            default -> Optional.of(json("{}"));
        }, b -> b);

        assertThatThrownBy(() -> c.client().tasks().callToolAsTask("job", null))
                .isInstanceOf(McpProtocolException.class)
                .hasMessageContaining("tools/call of 'job' asked for a task, but the answer carries none");
    }

    @Test
    void aTaskAugmentedRequestFromTheServerIsHandledAsAPlainOne() {
        // Spec (tasks, "Task Support and Handling"): a receiver that did not announce tasks for a request
        // type processes such requests normally, ignoring the task; its tasks/* methods do not exist.
        Connected c = connect(r -> Optional.of(json("{}")), b -> b.elicitation(ElicitationHandler.blocking(
                request -> ElicitResult.accept(CODEC.newObject().put("name", "Ada")))));

        c.server().send(JsonRpcRequest.of(RequestId.of("s-1"), "elicitation/create", json("""
                {"task":{"ttl":60000},"message":"Your name?",
                 "requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}""")));
        c.server().send(JsonRpcRequest.of(RequestId.of("s-2"), "tasks/get", json("{\"taskId\":\"x\"}")));

        Await.until(Duration.ofSeconds(5), () -> answer(c, "s-1").isPresent() && answer(c, "s-2").isPresent(), "both answers");
        assertThat(answer(c, "s-1").orElseThrow()).isInstanceOfSatisfying(JsonRpcResponse.class,
                r -> assertThat(r.result()).isEqualTo(json("{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}")));
        assertThat(answer(c, "s-2").orElseThrow()).isInstanceOfSatisfying(JsonRpcErrorResponse.class,
                e -> assertThat(e.error().code()).isEqualTo(JsonRpcError.METHOD_NOT_FOUND));
        for (JsonRpcMessage message : c.sent().sent()) {
            SpecSchemas.assertValidMessage(CODEC.toTree(message), ProtocolVersion.V2025_11_25);
        }
    }

    private static Optional<JsonRpcMessage> answer(Connected c, String id) {
        RequestId wanted = RequestId.of(id);
        return c.server().received().stream().filter(m -> switch (m) {
            case JsonRpcResponse r -> r.id().equals(wanted);
            case JsonRpcErrorResponse e -> e.id().equals(Optional.of(wanted));
            default -> false;
        }).findFirst();
    }
}
