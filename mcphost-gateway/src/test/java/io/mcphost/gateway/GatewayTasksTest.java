package io.mcphost.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.CallOptions;
import io.mcphost.client.ElicitationHandler;
import io.mcphost.client.McpClient;
import io.mcphost.client.ToolTask;
import io.mcphost.host.McpHost;
import io.mcphost.host.ServerSpec;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.McpCancelledException;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.elicitation.ElicitRequestFormParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.tasks.TaskMetadata;
import io.mcphost.protocol.tasks.TaskStatus;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.ToolExecution;
import io.mcphost.protocol.tools.ToolExecution.TaskSupport;
import io.mcphost.server.ErrorReply;
import io.mcphost.server.McpServer;
import io.mcphost.server.ToolCall;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.testkit.Await;
import io.mcphost.transport.http.HttpTransport;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/**
 * Tasks through the gateway between the eras: the same toolkit server upstream twice over Streamable
 * HTTP, once pinned to the handshake era ({@code legacy__}, 2025-11-25 core tasks) and once to
 * 2026-07-28 ({@code modern__}, the tasks extension), each called as a task by downstream clients of
 * both eras. Each case names the downstream era and the upstream prefix; the interesting ones are
 * those that cross (a 2026-07-28 client to the legacy upstream, a 2025-11-25 client to the modern one).
 */
class GatewayTasksTest {
    private static final JsonNode OBJECT = Json.parse("{\"type\":\"object\"}");
    private static final JsonNode NAME = Json.parse(
            "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}},\"required\":[\"name\"]}");

    private final List<AutoCloseable> toClose = new CopyOnWriteArrayList<>();
    private final CountDownLatch slowStarted = new CountDownLatch(1);
    private final AtomicBoolean slowCancelled = new AtomicBoolean();
    private final AtomicInteger askFirstRuns = new AtomicInteger();
    private McpHost host;
    private McpGateway gateway;

    private static Tool task(String name, TaskSupport support) {
        return Tool.of(name, "The " + name + " tool", OBJECT).withExecution(ToolExecution.of(support));
    }

    private static String name(ElicitResult answer) {
        return answer.content().map(c -> c.path("name").asString("?")).orElse(answer.action().toString());
    }

    private McpServer upstream() {
        return McpServer.builder().name("upstream").version("1").taskPollInterval(Duration.ofMillis(50))
                .tool(task("job", TaskSupport.OPTIONAL), call -> {
                    Thread.sleep(call.arguments().path("ms").asLong(0));
                    return CallToolResult.text("done " + call.arguments().path("label").asString(""));
                })
                .tool(task("slow", TaskSupport.OPTIONAL), call -> {
                    slowStarted.countDown();
                    while (!call.isCancelled()) {
                        Thread.sleep(5);
                    }
                    slowCancelled.set(true);
                    return CallToolResult.text("stopped");
                })
                // Works a while, then asks: the question is the task's (the call is one from the start).
                .tool(task("confirm", TaskSupport.OPTIONAL), call -> {
                    Thread.sleep(800);
                    return CallToolResult.text("confirmed by " + name(call.elicit(
                            ElicitRequestFormParams.of("Who confirms?", NAME), Duration.ofSeconds(20))));
                })
                // Asks at once, then works.
                .tool(task("ask_first", TaskSupport.REQUIRED), call -> {
                    askFirstRuns.incrementAndGet();
                    String who = name(call.elicit(ElicitRequestFormParams.of("Your name?", NAME), Duration.ofSeconds(20)));
                    call.continueAsTask();
                    Thread.sleep(100);
                    return CallToolResult.text("hello " + who);
                })
                .tool(task("refuse", TaskSupport.OPTIONAL), call -> {
                    Thread.sleep(400);
                    throw new ErrorReply(JsonRpcError.of(JsonRpcError.INVALID_PARAMS, "no such record"));
                })
                .tool(task("fails", TaskSupport.OPTIONAL), call -> CallToolResult.error("the database is down"))
                .tool(Tool.of("plain", "Never a task", OBJECT), call -> CallToolResult.text("plain"))
                .build();
    }

    @BeforeEach
    void start() {
        ServerSpec.Builder legacy = upstreamSpec("legacy", Era.LEGACY);
        ServerSpec.Builder modern = upstreamSpec("modern", Era.MODERN);
        host = McpGateway.prepareHost(McpHost.builder()).server(legacy.build()).server(modern.build()).start();
        gateway = McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0)).start();
    }

    private ServerSpec.Builder upstreamSpec(String name, Era era) {
        StreamableHttpServer server = StreamableHttpServer.builder(upstream()).port(0).start();
        toClose.add(() -> server.close(Duration.ofSeconds(2)));
        return ServerSpec.builder(name, () -> HttpTransport.builder(server.endpoint()).build()).era(era)
                .requestTimeout(Duration.ofSeconds(20));
    }

    @AfterEach
    void stop() throws Exception {
        gateway.close(Duration.ofSeconds(2));
        host.close(Duration.ofSeconds(2));
        for (AutoCloseable c : toClose) {
            c.close();
        }
    }

    private McpClient client(Era era) {
        McpClient client = McpClient.builder(HttpTransport.builder(gateway.endpoint().orElseThrow()).build())
                .name("downstream").era(era).requestTimeout(Duration.ofSeconds(20))
                // Announces elicitation; the calls' own handlers answer their questions, this one declines what no call owns.
                .elicitation(ElicitationHandler.blocking(request -> ElicitResult.decline())).build();
        client.connect();
        toClose.add(client);
        return client;
    }

    private static CallOptions answering(String name, List<String> asked) {
        return CallOptions.builder().elicitation(ElicitationHandler.blocking(request -> {
            asked.add(((ElicitRequestFormParams) request).message());
            return ElicitResult.accept(Json.parse("{\"name\":\"" + name + "\"}"));
        })).build();
    }

    @ParameterizedTest(name = "{0} client, {1} upstream")
    @CsvSource({"MODERN, legacy", "LEGACY, modern", "MODERN, modern", "LEGACY, legacy"})
    void aToolCallRunsAsATaskAndItsResultComesBack(Era era, String upstream) {
        McpClient client = client(era);
        Tool listed = client.listTools().stream().filter(t -> t.name().equals(upstream + "__job")).findFirst().orElseThrow();
        assertThat(listed.execution().orElseThrow().effectiveTaskSupport()).isEqualTo(TaskSupport.OPTIONAL);

        ToolTask task = client.tasks().callToolAsTask(upstream + "__job", Json.parse("{\"ms\":600,\"label\":\"x\"}"),
                CallOptions.defaults(), TaskMetadata.create());

        assertThat(task.taskId()).isNotBlank();
        assertThat(task.task().status()).as("the call is a task before the upstream has answered").isEqualTo(TaskStatus.WORKING);
        assertThat(task.awaitResult(Duration.ofSeconds(15)).text()).isEqualTo("done x");
        assertThat(client.tasks().getTask(task.taskId()).status()).isEqualTo(TaskStatus.COMPLETED);
    }

    /**
     * A task outlives the upstream's request timeout (1 s here): the upstream call of a task-capable
     * tool is not held to it, so a 2.5 s job completes as the task's result.
     */
    @ParameterizedTest(name = "{0} client, {1} upstream")
    @CsvSource({"MODERN, legacy", "LEGACY, modern"})
    void aTaskOutlivesTheUpstreamsRequestTimeout(Era era, String upstream) {
        McpHost shortHost = McpGateway.prepareHost(McpHost.builder())
                .server(upstreamSpec(upstream, upstream.equals("legacy") ? Era.LEGACY : Era.MODERN)
                        .requestTimeout(Duration.ofSeconds(1)).build())
                .start();
        toClose.add(() -> shortHost.close(Duration.ofSeconds(2)));
        McpGateway shortGateway = McpGateway.builder(shortHost).http(new InetSocketAddress("127.0.0.1", 0)).start();
        toClose.add(() -> shortGateway.close(Duration.ofSeconds(2)));
        McpClient client = McpClient.builder(HttpTransport.builder(shortGateway.endpoint().orElseThrow()).build())
                .name("downstream").era(era).requestTimeout(Duration.ofSeconds(20)).build();
        client.connect();
        toClose.add(client);

        ToolTask task = client.tasks().callToolAsTask(upstream + "__job", Json.parse("{\"ms\":2500,\"label\":\"long\"}"),
                CallOptions.defaults(), TaskMetadata.create());

        assertThat(task.awaitResult(Duration.ofSeconds(15)).text()).isEqualTo("done long");
    }

    /** An upstream answer within the wait still comes as a task's result; a tool error completes it as isError. */
    @ParameterizedTest(name = "{0} client, {1} upstream")
    @CsvSource({"MODERN, legacy", "LEGACY, modern"})
    void aQuickAnswerAndAToolErrorComeAsTheTasksResult(Era era, String upstream) {
        McpClient client = client(era);
        ToolTask quick = client.tasks().callToolAsTask(upstream + "__job", Json.parse("{\"label\":\"now\"}"),
                CallOptions.defaults(), TaskMetadata.create());
        assertThat(quick.awaitResult(Duration.ofSeconds(15)).text()).isEqualTo("done now");

        ToolTask failing = client.tasks().callToolAsTask(upstream + "__fails", Json.newObject(), CallOptions.defaults(),
                TaskMetadata.create());
        CallToolResult failed = failing.awaitResult(Duration.ofSeconds(15));
        assertThat(failed.isError()).isTrue();
        assertThat(failed.text()).isEqualTo("the database is down");
    }

    /** The task's questions reach the client that owns the task, and its answer reaches the upstream tool. */
    @ParameterizedTest(name = "{0} client, {1} upstream")
    @CsvSource({"MODERN, legacy", "LEGACY, modern"})
    void aTasksQuestionIsAnsweredByItsClient(Era era, String upstream) {
        McpClient client = client(era);
        List<String> asked = new CopyOnWriteArrayList<>();
        ToolTask task = client.tasks().callToolAsTask(upstream + "__confirm", Json.newObject(), answering("Ada", asked),
                TaskMetadata.create());

        assertThat(task.task().status()).isEqualTo(TaskStatus.WORKING);
        assertThat(task.awaitResult(Duration.ofSeconds(15)).text()).isEqualTo("confirmed by Ada");
        assertThat(asked).containsExactly("Who confirms?");
    }

    /**
     * An upstream that asks at once: the downstream call is a task before the upstream runs (the gateway
     * decides before anything happens, not after a while), so the question is the task's, answered by the
     * task's client, and a handshake-era upstream's tool runs once (an input round of the downstream request
     * would have called the upstream call off and run it again with the answer).
     */
    @ParameterizedTest(name = "{0} client, {1} upstream")
    @CsvSource({"MODERN, legacy", "MODERN, modern", "LEGACY, modern"})
    void aQuestionAskedAtOnceIsTheTasksAndTheToolRunsOnce(Era era, String upstream) {
        McpClient client = client(era);
        List<String> asked = new CopyOnWriteArrayList<>();
        ToolTask task = client.tasks().callToolAsTask(upstream + "__ask_first", Json.newObject(), answering("Grace", asked),
                TaskMetadata.create());

        assertThat(task.awaitResult(Duration.ofSeconds(15)).text()).isEqualTo("hello Grace");
        assertThat(asked).containsExactly("Your name?");
        // A 2026-07-28 upstream runs its handler again for the retry that carries the answer (its own input
        // round, between the host and the upstream); a handshake-era upstream runs it once.
        assertThat(askFirstRuns).as("runs of the upstream tool").hasValue(upstream.equals("legacy") ? 1 : 2);
    }

    /** Cancelling the downstream task cancels the upstream call (a notification, or the upstream task's tasks/cancel). */
    @ParameterizedTest(name = "{0} client, {1} upstream")
    @CsvSource({"MODERN, legacy", "LEGACY, modern"})
    void cancellingTheTaskReachesTheUpstream(Era era, String upstream) throws InterruptedException {
        McpClient client = client(era);
        ToolTask task = client.tasks().callToolAsTask(upstream + "__slow", Json.newObject(), CallOptions.defaults(),
                TaskMetadata.create());
        assertThat(slowStarted.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();

        assertThat(task.cancel().status()).isEqualTo(TaskStatus.CANCELLED);

        // A 2026-07-28 upstream over HTTP/1.1 learns of the cancel (its request's connection closed) only
        // by writing: after 5 s quiet the toolkit starts an event stream with a comment, and the next comment,
        // a second later, fails. So about 6 s after the call began by design; the wait allows what
        // HttpDisconnectCancelsTest allows for the same signal, for a loaded machine.
        Await.until(Duration.ofSeconds(40), slowCancelled::get, "the upstream tool to see the cancellation");
        assertThatThrownBy(() -> task.awaitResult(Duration.ofSeconds(5))).isInstanceOf(McpCancelledException.class);
        assertThat(client.tasks().getTask(task.taskId()).status()).isEqualTo(TaskStatus.CANCELLED);
    }

    /** An upstream's JSON-RPC error fails the downstream task with that same error, in both eras' shapes. */
    @ParameterizedTest(name = "{0} client, {1} upstream")
    @CsvSource({"MODERN, legacy", "LEGACY, modern"})
    void anUpstreamErrorFailsTheTaskWithThatError(Era era, String upstream) {
        McpClient client = client(era);
        ToolTask task = client.tasks().callToolAsTask(upstream + "__refuse", Json.newObject(), CallOptions.defaults(),
                TaskMetadata.create());

        assertThatThrownBy(() -> task.awaitResult(Duration.ofSeconds(15))).isInstanceOfSatisfying(McpError.class, e -> {
            assertThat(e.code()).isEqualTo(JsonRpcError.INVALID_PARAMS);
            assertThat(e.getMessage()).contains("no such record");
        });
        assertThat(client.tasks().getTask(task.taskId()).status()).isEqualTo(TaskStatus.FAILED);
    }

    /** A plain call of a task tool stays plain, and a tool without task support never becomes a task. */
    @ParameterizedTest(name = "{0} client, {1} upstream")
    @CsvSource({"MODERN, legacy", "LEGACY, modern"})
    void plainCallsStayPlain(Era era, String upstream) {
        McpClient client = client(era);
        assertThat(client.callTool(upstream + "__plain", Json.newObject()).text()).isEqualTo("plain");
        assertThat(client.callTool(upstream + "__job", Json.parse("{\"label\":\"sync\"}")).text()).isEqualTo("done sync");
        if (era == Era.LEGACY) {
            // Listed without task support: the client does not even ask (2025-11-25 tool-level negotiation).
            assertThatThrownBy(() -> client.tasks().callToolAsTask(upstream + "__plain", Json.newObject(), CallOptions.defaults(),
                    TaskMetadata.create())).isInstanceOf(io.mcphost.protocol.McpCapabilityException.class);
        } else {
            // 2026-07-28 has no per-request opt-in: the gateway answers at once, which the client holds as an ended task.
            ToolTask ended = client.tasks().callToolAsTask(upstream + "__plain", Json.newObject(), CallOptions.defaults(),
                    TaskMetadata.create());
            assertThat(ended.awaitResult(Duration.ofSeconds(5)).text()).isEqualTo("plain");
        }
    }
}
