package io.mcphost.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.Era;
import io.mcphost.protocol.elicitation.ElicitRequestFormParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.roots.Root;
import io.mcphost.protocol.sampling.CreateMessageRequestParams;
import io.mcphost.protocol.sampling.CreateMessageResult;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import io.mcphost.server.demo.DemoServer;



import io.mcphost.transport.stdio.StdioTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Per-call input handlers ({@link CallOptions.Builder#elicitation} …): a server's question goes to the
 * call that caused it, never to another caller's handler, in both eras; a question no call can be
 * named for goes to the client-wide handler. Real servers (the server toolkit, the demo server over
 * stdio); the questions of concurrent calls are outstanding at the same moment (a latch holds each
 * handler until the other call's question arrived too).
 */
@Timeout(60)
class PerCallInputTest {
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final JsonNode ANY = CODEC.mapper().readTree("{\"type\":\"object\"}");
    private static final JsonNode ANSWER_FORM = CODEC.mapper().readTree(
            "{\"type\":\"object\",\"properties\":{\"answer\":{\"type\":\"string\"}},\"required\":[\"answer\"]}");
    private static final Duration WAIT = Duration.ofSeconds(20);

    private final List<AutoCloseable> toClose = new ArrayList<>();
    /** What the client-wide handlers were asked: in these tests only questions no call can be named for. */
    private final List<String> clientWide = Collections.synchronizedList(new ArrayList<>());

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    /** Tools that ask the client something naming the caller ({@code who}) and report the answer. */
    private static McpServer server() {
        return McpServer.builder().name("asker").version("1")
                .tool(Tool.of("ask", "Asks the user", ANY), PerCallInputTest::ask)
                .tool(Tool.of("sample", "Asks the model", ANY), call -> {
                    String who = call.arguments().path("who").asString();
                    CreateMessageResult result = call.sample(CODEC.treeToValue(CODEC.mapper().readTree("""
                            {"messages":[{"role":"user","content":{"type":"text","text":"prompt of %s"}}],"maxTokens":10}"""
                            .formatted(who)), CreateMessageRequestParams.class), WAIT);
                    return CallToolResult.text(who + " got model " + result.model());
                })
                .tool(Tool.of("roots", "Lists the client's roots", ANY),
                        call -> CallToolResult.text(call.roots(WAIT).stream().map(Root::uri).toList().toString()))
                .build();
    }

    private static CallToolResult ask(io.mcphost.server.ToolCall call) {
        String who = call.arguments().path("who").asString();
        ElicitResult answer = call.elicit(ElicitRequestFormParams.of("question for " + who, ANSWER_FORM), WAIT);
        return CallToolResult.text(who + " got " + answer.content().map(c -> c.path("answer").asString()).orElse("-"));
    }

    /** A client of {@link #server()}; its client-wide handlers refuse and record, as a gateway's would. */
    private McpClient connect(String transport, Era era) {
        return connect(transport, era, server());
    }

    private McpClient connect(String transport, Era era, McpServer server) {
        McpClientBuilder builder = ServedBy.builder(transport, server, "asker", toClose);
        McpClient client = builder.name("asker").era(era).requestTimeout(WAIT)
                .elicitation((request, context) -> {
                    clientWide.add(((ElicitRequestFormParams) request).message());
                    return CompletableFuture.failedFuture(new IllegalStateException("a question of no known call"));
                })
                .sampling((request, context) -> {
                    clientWide.add("sampling");
                    return CompletableFuture.failedFuture(new IllegalStateException("a question of no known call"));
                })
                .roots(List.of(Root.of("file:///client-wide")))
                .connect();
        toClose.add(client);
        assertThat(client.era()).isEqualTo(era);
        return client;
    }

    private static ObjectNode who(String who) {
        return CODEC.newObject().put("who", who);
    }

    private static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }

    /** Answers with {@code who}'s name once both callers' questions are outstanding; records what it was asked. */
    private static ElicitationHandler answeringAs(String who, List<String> asked, CountDownLatch bothAsked) {
        return ElicitationHandler.blocking(request -> {
            asked.add(((ElicitRequestFormParams) request).message());
            bothAsked.countDown();
            if (!bothAsked.await(WAIT.toSeconds(), TimeUnit.SECONDS)) {
                throw new IllegalStateException("the other caller's question never came");
            }
            return ElicitResult.accept(CODEC.newObject().put("answer", "from " + who));
        });
    }

    @ParameterizedTest(name = "{0}, {1}")
    @CsvSource({"http, LEGACY", "memory, MODERN", "http, MODERN"})
    void twoConcurrentCallsEachAnswerOnlyTheirOwnQuestion(String transport, Era era) {
        McpClient client = connect(transport, era);
        CountDownLatch bothAsked = new CountDownLatch(2);
        List<String> askedA = Collections.synchronizedList(new ArrayList<>());
        List<String> askedB = Collections.synchronizedList(new ArrayList<>());

        CompletableFuture<CallToolResult> a = client.callToolAsync("ask", who("A"),
                CallOptions.builder().elicitation(answeringAs("A", askedA, bothAsked)).build());
        CompletableFuture<CallToolResult> b = client.callToolAsync("ask", who("B"),
                CallOptions.builder().elicitation(answeringAs("B", askedB, bothAsked)).build());

        assertThat(text(a.join())).isEqualTo("A got from A");
        assertThat(text(b.join())).isEqualTo("B got from B");
        assertThat(askedA).containsExactly("question for A");
        assertThat(askedB).containsExactly("question for B");
        assertThat(clientWide).isEmpty();
    }

    /**
     * A task's questions belong to the call that created it, however late they come: the handle keeps
     * the creator's handlers for its polling requests, and a 2025-11-25 server names the task in the
     * question's {@code related-task} {@code _meta}, which tells two concurrent tasks apart over a
     * transport that cannot.
     */
    @ParameterizedTest(name = "{0}, {1}")
    @CsvSource({"memory, LEGACY", "http, LEGACY", "memory, MODERN"})
    void aTasksQuestionsGoToTheHandlersOfTheCallThatCreatedIt(String transport, Era era) {
        McpServer tasks = McpServer.builder().name("asker").version("1").taskPollInterval(Duration.ofMillis(20))
                .tool(Tool.of("ask_task", "Asks the user, as a task", ANY).withExecution(
                        io.mcphost.protocol.tools.ToolExecution.of(io.mcphost.protocol.tools.ToolExecution.TaskSupport.OPTIONAL)),
                        PerCallInputTest::ask)
                .build();
        McpClient client = connect(transport, era, tasks);
        CountDownLatch bothAsked = new CountDownLatch(2);
        List<String> askedA = Collections.synchronizedList(new ArrayList<>());
        List<String> askedB = Collections.synchronizedList(new ArrayList<>());

        CompletableFuture<CallToolResult> a = client.tasks().callToolAsTaskAsync("ask_task", who("A"),
                CallOptions.builder().elicitation(answeringAs("A", askedA, bothAsked)).build(),
                io.mcphost.protocol.tasks.TaskMetadata.create()).thenCompose(task -> task.awaitResultAsync(WAIT));
        CompletableFuture<CallToolResult> b = client.tasks().callToolAsTaskAsync("ask_task", who("B"),
                CallOptions.builder().elicitation(answeringAs("B", askedB, bothAsked)).build(),
                io.mcphost.protocol.tasks.TaskMetadata.create()).thenCompose(task -> task.awaitResultAsync(WAIT));

        assertThat(text(a.join())).isEqualTo("A got from A");
        assertThat(text(b.join())).isEqualTo("B got from B");
        assertThat(askedA).containsExactly("question for A");
        assertThat(askedB).containsExactly("question for B");
        assertThat(clientWide).isEmpty();
    }

    @ParameterizedTest(name = "{0}, {1}")
    @CsvSource({"memory, LEGACY", "http, LEGACY", "memory, MODERN"})
    void samplingAndRootsGoToTheCallsOwnHandlers(String transport, Era era) {
        McpClient client = connect(transport, era);
        List<ServerRequestContext> contexts = Collections.synchronizedList(new ArrayList<>());

        CallToolResult sampled = client.callTool("sample", who("A"), CallOptions.builder()
                .sampling(SamplingHandler.blocking((request, context) -> {
                    contexts.add(context);
                    String prompt = CODEC.valueToTree(request.messages().getFirst()).toString().replaceAll(".*prompt of (\\w+).*", "prompt of $1");
                    return CreateMessageResult.text("model-for-" + prompt.replace(' ', '-'), "hi");
                })).build());
        CallToolResult rooted = client.callTool("roots", who("A"), CallOptions.builder()
                .roots(context -> CompletableFuture.completedFuture(List.of(Root.of("file:///call-a")))).build());
        CallToolResult wideRoots = client.callTool("roots", who("B"));

        assertThat(text(sampled)).isEqualTo("A got model model-for-prompt-of-A");
        assertThat(text(rooted)).isEqualTo("[file:///call-a]");
        assertThat(text(wideRoots)).isEqualTo("[file:///client-wide]");
        assertThat(clientWide).isEmpty();
        if (era == Era.LEGACY) {
            // The handler learns which of its client's requests the question was found to belong to.
            assertThat(contexts).singleElement().satisfies(c -> assertThat(c.relatedRequest()).isPresent());
        }
    }

    /**
     * Through a host, its interceptors (one here changes the call's deadline, so its options are rebuilt)
     * and its progress events, a call's options reach the server's client with their handlers.
     */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.EnumSource(value = Era.class, names = {"LEGACY", "MODERN"})
    void throughAHostAndItsInterceptorsACallKeepsItsOwnHandlers(Era era) {
        io.mcphost.host.McpHost host = io.mcphost.host.McpHost.builder()
                .server(io.mcphost.testkit.ServerSpecs.inProcess("one", PerCallInputTest::server, toClose).era(era).build())
                .elicitation((request, context) -> {
                    clientWide.add(((ElicitRequestFormParams) request).message());
                    return CompletableFuture.failedFuture(new IllegalStateException("a question of no known call"));
                })
                .interceptor(chain -> chain.proceed(chain.call().withOptions(
                        chain.call().options().toBuilder().timeout(Duration.ofSeconds(15)).build())))
                .onEvent(event -> { })
                .start();
        toClose.add(host);
        List<String> asked = Collections.synchronizedList(new ArrayList<>());

        CallToolResult result = host.callTool("one__ask", who("A"), CallOptions.builder()
                .elicitation(answeringAs("A", asked, new CountDownLatch(1))).build());

        assertThat(text(result)).isEqualTo("A got from A");
        assertThat(asked).containsExactly("question for A");
        assertThat(clientWide).isEmpty();
    }

    /** A per-call root that is not a file:// URI is refused, never sent: the same check as the client-wide roots. */
    @Test
    void aCallsRootsAreCheckedLikeTheClientWideOnes() {
        McpClient client = connect("memory", Era.LEGACY);

        CallToolResult result = client.callTool("roots", who("A"), CallOptions.builder()
                .roots(context -> CompletableFuture.completedFuture(List.of(Root.of("https://example.com/")))).build());

        assertThat(result.isError()).isTrue();
        assertThat(text(result)).contains("file://");
    }

    /**
     * stdio carries no relation on the wire: the one call with handlers in flight owns the question;
     * with two in flight it could be either's, so the client-wide handler answers it.
     */
    @Test
    void overStdioTheOnlyCallInFlightOwnsTheQuestionAndWithTwoTheClientWideHandlerAnswers() {
        McpClient client = McpClient.builder(StdioTransport.builder(DemoServer.command()).name("demo").build())
                .name("demo").era(Era.LEGACY).requestTimeout(WAIT)
                .elicitation(ElicitationHandler.blocking(request -> {
                    clientWide.add(((ElicitRequestFormParams) request).message());
                    return ElicitResult.accept(CODEC.newObject().put("name", "Wide"));
                })).connect();
        toClose.add(client);
        List<String> perCall = Collections.synchronizedList(new ArrayList<>());
        CallOptions own = CallOptions.builder().elicitation(ElicitationHandler.blocking(request -> {
            perCall.add(((ElicitRequestFormParams) request).message());
            return ElicitResult.accept(CODEC.newObject().put("name", "Own"));
        })).build();

        String alone = text(client.callTool("greet", CODEC.newObject(), own));
        List<String> perCallAlone = List.copyOf(perCall);
        List<String> clientWideAlone = List.copyOf(clientWide);

        CompletableFuture<CallToolResult> slow = client.callToolAsync("slow_task",
                CODEC.newObject().put("steps", 20).put("delayMs", 100), CallOptions.builder()
                        .elicitation(ElicitationHandler.blocking(request -> {
                            throw new AssertionError("slow_task asks nothing");
                        })).build());
        String withTwo = text(client.callTool("greet", CODEC.newObject(), own));
        slow.cancel(true);

        assertThat(alone).isEqualTo("Hello, Own!");
        assertThat(perCallAlone).hasSize(1);
        assertThat(clientWideAlone).isEmpty();
        assertThat(withTwo).isEqualTo("Hello, Wide!");
        assertThat(perCall).hasSize(1);
        assertThat(clientWide).hasSize(1);
    }
}
