package io.mcphost.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.CallOptions;
import io.mcphost.client.ListKind;
import io.mcphost.client.McpClient;
import io.mcphost.client.Progress;
import io.mcphost.host.McpHost;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.McpNotFoundException;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.prompts.PromptArgument;
import io.mcphost.protocol.prompts.PromptMessage;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.ServerSpecs;
import io.mcphost.transport.http.HttpTransport;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/**
 * The gateway in front of a host with two upstreams, one in this JVM (toolkit server over the
 * in-memory pair) and one over Streamable HTTP, called by clients of both eras over HTTP.
 */
class McpGatewayTest {
    private static final JsonNode OBJECT = Json.parse("{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}}}");

    private final List<AutoCloseable> toClose = new CopyOnWriteArrayList<>();
    private final CountDownLatch slowStarted = new CountDownLatch(1);
    private final AtomicBoolean slowCancelled = new AtomicBoolean();
    private StreamableHttpServer betaHttp;
    private McpHost host;
    private McpGateway gateway;

    private volatile McpServer alphaServer;

    private McpServer alpha() {
        alphaServer = buildAlpha();
        return alphaServer;
    }

    private McpServer buildAlpha() {
        return McpServer.builder().name("alpha").version("1")
                .tool(Tool.of("echo", "Echoes", OBJECT), call -> new CallToolResult(
                        List.of(new io.mcphost.protocol.content.TextContent(call.arguments().path("text").asString(""),
                                java.util.Optional.empty(), java.util.Optional.empty())),
                        java.util.Optional.empty(), false, java.util.Optional.of(Json.parse("{\"seen\":"
                                + Json.write(call.meta().map(m -> m.path("app.example/trace")).orElse(Json.newObject())) + "}"))))
                .tool(Tool.of("fails", "Always an isError result", OBJECT), call -> CallToolResult.error("it failed"))
                .tool(Tool.of("ask", "Asks its caller a question", OBJECT), McpGatewayTest::ask)
                .tool(Tool.of("chat", "Logs naming its caller", OBJECT), this::chat)
                .tool(Tool.of("report", "Runs only as a task", OBJECT).withExecution(
                        io.mcphost.protocol.tools.ToolExecution.of(io.mcphost.protocol.tools.ToolExecution.TaskSupport.REQUIRED)),
                        call -> CallToolResult.text("reported " + call.arguments().path("text").asString("")))
                .tool(Tool.of("count", "Reports progress", OBJECT), call -> {
                    for (int i = 1; i <= 3; i++) {
                        call.progress(i, 3.0, "step " + i);
                    }
                    return CallToolResult.text("counted");
                })
                .tool(Tool.of("slow", "Waits until cancelled", OBJECT), call -> {
                    slowStarted.countDown();
                    while (!call.isCancelled()) {
                        Thread.sleep(5);
                    }
                    slowCancelled.set(true);
                    return CallToolResult.text("cancelled");
                })
                .prompt(Prompt.of("greet", "Greets", PromptArgument.of("who", "whom", true)),
                        arguments -> GetPromptResult.of("greeting", PromptMessage.user("Hello " + arguments.get("who"))))
                .prompt(Prompt.of("interview", "Asks for a name first"), (io.mcphost.server.InteractivePromptHandler) (arguments, input) -> {
                    var answer = input.elicit(io.mcphost.protocol.elicitation.ElicitRequestFormParams.of("your name?", Json.parse(
                            "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}")), Duration.ofSeconds(20));
                    return GetPromptResult.of("interview", PromptMessage.user("Interview with "
                            + answer.content().map(c -> c.path("name").asString("")).orElse("nobody")));
                })
                .resource(Resource.of("note://alpha/readme", "readme", "A note", "text/plain"),
                        uri -> ReadResourceResult.of(TextResourceContents.of(uri, "text/plain", "alpha readme")))
                .resourceTemplate(ResourceTemplate.of("note://alpha/items/{id}", "item", "An item", "text/plain"),
                        uri -> ReadResourceResult.of(TextResourceContents.of(uri, "text/plain", "item " + uri.substring(uri.lastIndexOf('/') + 1))))
                .build();
    }

    private McpServer beta() {
        return McpServer.builder().name("beta").version("1")
                .tool(Tool.of("echo", "Echoes too", OBJECT), call -> CallToolResult.text("beta:" + call.arguments().path("text").asString("")))
                .tool(Tool.of("ask", "Asks its caller a question", OBJECT), McpGatewayTest::ask)
                .tool(Tool.of("chat", "Logs naming its caller", OBJECT), this::chat)
                .build();
    }

    /** Held by {@link #chat} calls whose text starts with "pair": each logs its second message only once both logged their first. */
    private final CountDownLatch pairLogged = new CountDownLatch(2);
    private final CountDownLatch pairWarned = new CountDownLatch(2);

    /** Logs at info and warning naming its caller ({@code text}), as logger {@code chat}. */
    private CallToolResult chat(io.mcphost.server.ToolCall call) throws InterruptedException {
        String who = call.arguments().path("text").asString("");
        boolean pair = who.startsWith("pair");
        call.log(io.mcphost.protocol.logging.LoggingLevel.INFO, "info for " + who);
        if (pair) {
            pairLogged.countDown();
            assertThat(pairLogged.await(20, TimeUnit.SECONDS)).as("the other call logged").isTrue();
        }
        call.log(io.mcphost.protocol.logging.LoggingLevel.WARNING, Json.newObject().put("warning", who));
        if (pair) {
            pairWarned.countDown();
            assertThat(pairWarned.await(20, TimeUnit.SECONDS)).as("the other call warned").isTrue();
        }
        return CallToolResult.text("chatted with " + who);
    }

    /** Asks "who is <text>?" and returns the answer's name: the form names the caller, the answer must come from it. */
    private static CallToolResult ask(io.mcphost.server.ToolCall call) {
        var answer = call.elicit(io.mcphost.protocol.elicitation.ElicitRequestFormParams.of(
                "who is " + call.arguments().path("text").asString("") + "?", Json.parse(
                        "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}},\"required\":[\"name\"]}")),
                Duration.ofSeconds(20));
        return CallToolResult.text("answered " + answer.content().map(c -> c.path("name").asString("")).orElse("nothing"));
    }

    @BeforeEach
    void start() {
        betaHttp = StreamableHttpServer.builder(beta()).port(0).start();
        host = McpGateway.prepareHost(McpHost.builder())
                .server(ServerSpecs.inProcess("alpha", this::alpha, toClose).build())
                .server(io.mcphost.host.ServerSpec.builder("beta", () -> HttpTransport.builder(betaHttp.endpoint()).build())
                        .era(Era.LEGACY).build())
                .start();
        gateway = McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0)).start();
    }

    @AfterEach
    void stop() throws Exception {
        gateway.close(Duration.ofSeconds(2));
        host.close(Duration.ofSeconds(2));
        betaHttp.close(Duration.ofSeconds(2));
        for (AutoCloseable c : toClose) {
            c.close();
        }
    }

    private McpClient client(Era era) {
        return client(era, kind -> { });
    }

    private McpClient client(Era era, java.util.function.Consumer<ListKind> onListChanged) {
        McpClient client = McpClient.builder(HttpTransport.builder(gateway.endpoint().orElseThrow()).build())
                .name("downstream").era(era).requestTimeout(Duration.ofSeconds(10)).onListChanged(onListChanged).build();
        client.connect();
        toClose.add(client);
        return client;
    }

    @ParameterizedTest
    @EnumSource(names = {"LEGACY", "MODERN"})
    void listsTheHostsCatalogAndForwardsCalls(Era era) {
        McpClient client = client(era);
        assertThat(client.era()).isEqualTo(era);
        assertThat(client.listTools()).extracting(Tool::name)
                .containsExactlyInAnyOrder("alpha__echo", "alpha__fails", "alpha__ask", "alpha__chat", "alpha__report", "alpha__count",
                        "alpha__slow", "beta__echo", "beta__ask", "beta__chat");

        CallToolResult echoed = client.callTool("alpha__echo", Json.parse("{\"text\":\"hi\"}"),
                CallOptions.builder().meta(Json.parse("{\"app.example/trace\":\"t-1\"}")).build());
        assertThat(echoed.text()).isEqualTo("hi");
        assertThat(echoed.meta().orElseThrow().path("seen").asString()).as("caller _meta reaches the upstream").isEqualTo("t-1");
        assertThat(client.callTool("beta__echo", Json.parse("{\"text\":\"hi\"}")).text()).isEqualTo("beta:hi");

        CallToolResult failed = client.callTool("alpha__fails", Json.newObject());
        assertThat(failed.isError()).isTrue();
        assertThat(failed.text()).isEqualTo("it failed");
    }

    @ParameterizedTest
    @EnumSource(names = {"LEGACY", "MODERN"})
    void forwardsPromptsResourcesTemplatesAndTheirErrors(Era era) {
        McpClient client = client(era);
        assertThat(client.getPrompt("alpha__greet", Map.of("who", "Ada")).messages().getFirst().content().toString())
                .contains("Hello Ada");
        assertThat(client.listResources()).extracting(Resource::uri).containsExactly("note://alpha/readme");
        assertThat(client.listResourceTemplates()).extracting(ResourceTemplate::uriTemplate).containsExactly("note://alpha/items/{id}");
        assertThat(client.readResource("note://alpha/readme").contents().getFirst().toString()).contains("alpha readme");
        assertThat(client.readResource("note://alpha/items/7").contents().getFirst().toString()).contains("item 7");

        // The era's code: -32002 before 2026-07-28 (an McpError here), -32602 with data.uri from it (which the client reads as not found).
        if (era == Era.LEGACY) {
            assertThatThrownBy(() -> client.readResource("note://nobody/x")).isInstanceOfSatisfying(McpError.class,
                    e -> assertThat(e.code()).isEqualTo(JsonRpcError.RESOURCE_NOT_FOUND));
        } else {
            assertThatThrownBy(() -> client.readResource("note://nobody/x")).isInstanceOf(McpNotFoundException.class)
                    .hasMessageContaining("note://nobody/x");
        }
        assertThatThrownBy(() -> client.getPrompt("alpha__nope", Map.of()))
                .isInstanceOfSatisfying(McpError.class, e -> assertThat(e.code()).isEqualTo(JsonRpcError.INVALID_PARAMS));
    }

    /** A tool that runs only as a task: the downstream client's task at the gateway runs the upstream one. */
    @ParameterizedTest
    @EnumSource(names = {"LEGACY", "MODERN"})
    void runsTaskOnlyToolsThroughTheGateway(Era era) {
        McpClient client = client(era);
        Tool listed = client.listTools().stream().filter(t -> t.name().equals("alpha__report")).findFirst().orElseThrow();
        assertThat(listed.execution().orElseThrow().effectiveTaskSupport())
                .isEqualTo(io.mcphost.protocol.tools.ToolExecution.TaskSupport.REQUIRED);
        assertThat(client.callTool("alpha__report", Json.parse("{\"text\":\"q3\"}")).text()).isEqualTo("reported q3");
    }

    @ParameterizedTest
    @EnumSource(names = {"LEGACY", "MODERN"})
    void relaysProgress(Era era) {
        McpClient client = client(era);
        List<Progress> seen = new CopyOnWriteArrayList<>();
        CallToolResult result = client.callTool("alpha__count", Json.newObject(), CallOptions.builder().onProgress(seen::add).build());
        assertThat(result.text()).isEqualTo("counted");
        Await.until(Duration.ofSeconds(5), () -> seen.size() == 3, "three progress notifications");
        assertThat(seen).extracting(Progress::progress).containsExactly(1.0, 2.0, 3.0);
        assertThat(seen.getLast().message()).contains("step 3");
    }

    /**
     * The upstream's log messages for a call reach the client that made it, as the upstream sent them
     * (level, logger, data), before the answer: downstream in both eras, upstream a 2026-07-28 server
     * (alpha, in memory) and a handshake-era one over HTTP (beta).
     */
    @ParameterizedTest
    @CsvSource({"LEGACY, alpha", "MODERN, alpha", "LEGACY, beta", "MODERN, beta"})
    void relaysTheUpstreamsLogToTheCallingClient(Era era, String server) {
        McpClient client = client(era);
        List<String> heard = new CopyOnWriteArrayList<>();
        CallToolResult result = client.callTool(server + "__chat", Json.parse("{\"text\":\"Ada\"}"), CallOptions.builder()
                .onLog(io.mcphost.protocol.logging.LoggingLevel.DEBUG,
                        m -> heard.add(m.level() + " " + m.logger().orElse("-") + " " + m.data())).build());
        assertThat(result.text()).isEqualTo("chatted with Ada");
        assertThat(heard).containsExactly("INFO chat \"info for Ada\"", "WARNING chat {\"warning\":\"Ada\"}");
    }

    /**
     * Two clients call a logging tool at the same moment (both calls in flight while each logs): each
     * hears only its own call's messages. The upstream is the handshake-era one over HTTP, which sends
     * each call's messages on that call's stream.
     */
    @ParameterizedTest
    @EnumSource(names = {"LEGACY", "MODERN"})
    void eachClientHearsOnlyItsOwnCallsLog(Era era) throws Exception {
        McpClient a = client(era);
        McpClient b = client(era);
        List<String> heardA = new CopyOnWriteArrayList<>();
        List<String> heardB = new CopyOnWriteArrayList<>();
        CompletableFuture<CallToolResult> callA = a.callToolAsync("beta__chat", Json.parse("{\"text\":\"pair-A\"}"),
                CallOptions.builder().onLog(io.mcphost.protocol.logging.LoggingLevel.INFO, m -> heardA.add(m.data().toString())).build());
        CompletableFuture<CallToolResult> callB = b.callToolAsync("beta__chat", Json.parse("{\"text\":\"pair-B\"}"),
                CallOptions.builder().onLog(io.mcphost.protocol.logging.LoggingLevel.INFO, m -> heardB.add(m.data().toString())).build());
        assertThat(callA.get(60, TimeUnit.SECONDS).text()).isEqualTo("chatted with pair-A");
        assertThat(callB.get(60, TimeUnit.SECONDS).text()).isEqualTo("chatted with pair-B");
        assertThat(heardA).containsExactly("\"info for pair-A\"", "{\"warning\":\"pair-A\"}");
        assertThat(heardB).containsExactly("\"info for pair-B\"", "{\"warning\":\"pair-B\"}");
    }

    /**
     * Over HTTP a legacy client cancels with notifications/cancelled and a 2026-07-28 client by
     * closing its connection (noticed by the keep-alive comments of a call quiet for 5 s, about 6 s in); over stdio both
     * eras send notifications/cancelled.
     */
    @ParameterizedTest
    @CsvSource({"LEGACY, http", "MODERN, http", "LEGACY, stdio", "MODERN, stdio"})
    void aCancelledCallIsCancelledUpstream(Era era, String transport) throws Exception {
        McpClient client = transport.equals("http") ? client(era) : stdioClient(era);
        CompletableFuture<CallToolResult> call = client.callToolAsync("alpha__slow", Json.newObject());
        assertThat(slowStarted.await(10, TimeUnit.SECONDS)).isTrue();
        call.cancel(true);
        Await.until(Duration.ofSeconds(40), slowCancelled::get, "the upstream call to see its cancellation");
    }

    /**
     * A client of a second gateway on the same host that serves stdio: its streams are the two ends
     * of a loopback socket (pipes would die with the virtual thread that last wrote to them).
     */
    private McpClient stdioClient(Era era) throws java.io.IOException {
        java.net.Socket clientEnd;
        java.net.Socket gatewayEnd;
        try (var listener = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            clientEnd = new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), listener.getLocalPort());
            gatewayEnd = listener.accept();
        }
        toClose.add(clientEnd);
        toClose.add(gatewayEnd);
        McpGateway stdio = McpGateway.builder(host).stdio(gatewayEnd.getInputStream(), gatewayEnd.getOutputStream()).start();
        toClose.add(stdio);
        McpClient client = McpClient.builder(io.mcphost.transport.stdio.StdioTransport.overStreams("gateway",
                        clientEnd.getInputStream(), clientEnd.getOutputStream()))
                .name("downstream").era(era).requestTimeout(Duration.ofSeconds(10)).build();
        client.connect();
        toClose.add(client);
        return client;
    }

    @ParameterizedTest
    @EnumSource(names = {"LEGACY", "MODERN"})
    void followsTheHostsCatalog(Era era) {
        List<ListKind> changes = new CopyOnWriteArrayList<>();
        McpClient client = client(era, changes::add);
        client.listTools();
        host.addServer(ServerSpecs.inProcess("gamma", () -> McpServer.builder().name("gamma")
                .tool(Tool.of("hello", "Says hello", OBJECT), call -> CallToolResult.text("hello")).build(), toClose).build());
        Await.until(Duration.ofSeconds(10), () -> changes.contains(ListKind.TOOLS), "tools/list_changed from the gateway");
        assertThat(client.listTools()).extracting(Tool::name).contains("gamma__hello");
        assertThat(client.callTool("gamma__hello", Json.newObject()).text()).isEqualTo("hello");

        host.removeServer("gamma");
        Await.until(Duration.ofSeconds(10), () -> !client.listTools().stream().map(Tool::name).toList().contains("gamma__hello"),
                "gamma's tool to leave the gateway's list");
    }

    @ParameterizedTest
    @EnumSource(names = {"LEGACY", "MODERN"})
    void relaysResourceUpdatesToSubscribers(Era era) throws Exception {
        McpClient client = client(era);
        List<String> updates = new CopyOnWriteArrayList<>();
        try (var subscription = client.subscribeResource("note://alpha/readme", n -> updates.add(n.uri()))) {
            Await.until(Duration.ofSeconds(10), () -> alphaServer.notifyResourceUpdated("note://alpha/readme") > 0,
                    "the gateway's upstream subscription");
            Await.until(Duration.ofSeconds(10), () -> updates.contains("note://alpha/readme"), "the update relayed downstream");
        }
        // The last subscriber left: the gateway unsubscribes upstream.
        Await.until(Duration.ofSeconds(10), () -> alphaServer.notifyResourceUpdated("note://alpha/readme") == 0,
                "the upstream subscription to end");
    }

    /**
     * Two clients call an eliciting tool at the same moment (both questions outstanding at once): each
     * is asked only its own question and its answer reaches only its own call. Downstream in both eras,
     * upstream a 2026-07-28 server (alpha: input rounds) and a handshake-era one over HTTP (beta: requests
     * on each call's own stream).
     */
    @ParameterizedTest
    @CsvSource({"LEGACY, alpha", "MODERN, alpha", "LEGACY, beta", "MODERN, beta"})
    void eachClientAnswersOnlyItsOwnQuestion(Era era, String server) throws Exception {
        java.util.concurrent.CyclicBarrier together = new java.util.concurrent.CyclicBarrier(2);
        List<String> askedA = new CopyOnWriteArrayList<>();
        List<String> askedB = new CopyOnWriteArrayList<>();
        McpClient a = elicitingClient(era, "Ada", askedA, together);
        McpClient b = elicitingClient(era, "Bob", askedB, together);
        CompletableFuture<CallToolResult> callA = a.callToolAsync(server + "__ask", Json.parse("{\"text\":\"A\"}"));
        CompletableFuture<CallToolResult> callB = b.callToolAsync(server + "__ask", Json.parse("{\"text\":\"B\"}"));
        assertThat(callA.get(60, TimeUnit.SECONDS).text()).isEqualTo("answered Ada");
        assertThat(callB.get(60, TimeUnit.SECONDS).text()).isEqualTo("answered Bob");
        assertThat(askedA).isNotEmpty().allSatisfy(m -> assertThat(m).isEqualTo("who is A?"));
        assertThat(askedB).isNotEmpty().allSatisfy(m -> assertThat(m).isEqualTo("who is B?"));
    }

    @ParameterizedTest
    @EnumSource(names = {"LEGACY", "MODERN"})
    void aPromptThatAsksFirstAsksItsCaller(Era era) {
        McpClient client = elicitingClient(era, "Cy", new CopyOnWriteArrayList<>(), new java.util.concurrent.CyclicBarrier(1));
        assertThat(client.getPrompt("alpha__interview", Map.of()).messages().getFirst().content().toString())
                .contains("Interview with Cy");
    }

    private McpClient elicitingClient(Era era, String name, List<String> asked, java.util.concurrent.CyclicBarrier together) {
        McpClient client = McpClient.builder(HttpTransport.builder(gateway.endpoint().orElseThrow()).build())
                .name("downstream-" + name).era(era).requestTimeout(Duration.ofSeconds(60))
                .elicitation(io.mcphost.client.ElicitationHandler.blocking(request -> {
                    asked.add(((io.mcphost.protocol.elicitation.ElicitRequestFormParams) request).message());
                    if (asked.size() == 1) {
                        together.await(30, TimeUnit.SECONDS); // the first question of each client: both outstanding now
                    }
                    return io.mcphost.protocol.elicitation.ElicitResult.accept(Json.newObject().put("name", name));
                })).build();
        client.connect();
        toClose.add(client);
        return client;
    }

    @Test
    void anUpstreamThatFailsFailsOnlyItsOwnCalls() throws Exception {
        McpClient client = client(Era.LEGACY);
        betaHttp.close(Duration.ofSeconds(1));
        CallToolResult broken = client.callTool("beta__echo", Json.parse("{\"text\":\"x\"}"));
        assertThat(broken.isError()).as("the gateway answers for the dead upstream").isTrue();
        assertThat(client.callTool("alpha__echo", Json.parse("{\"text\":\"still\"}")).text()).isEqualTo("still");
    }

    @Test
    void anExpiredUpstreamSessionIsRenewedBehindTheGateway() {
        McpClient client = client(Era.LEGACY);
        assertThat(client.callTool("beta__echo", Json.parse("{\"text\":\"one\"}")).text()).isEqualTo("beta:one");
        long before = betaHttp.initializeCount();
        int expired = betaHttp.expireAllSessions();
        // The host pins beta to the handshake era so that it has a session to lose.
        assertThat(expired).as("the host's session at beta").isPositive();
        CallToolResult after = client.callTool("beta__echo", Json.parse("{\"text\":\"two\"}"));
        assertThat(after.isError()).as(after.text()).isFalse();
        assertThat(after.text()).isEqualTo("beta:two");
        assertThat(betaHttp.initializeCount()).as("the gateway initialised a new upstream session").isGreaterThan(before);
    }

    @Test
    void manyClientsAtOnce() throws Exception {
        List<CompletableFuture<String>> calls = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            McpClient client = client(i % 2 == 0 ? Era.LEGACY : Era.MODERN);
            String text = "c" + i;
            calls.add(client.callToolAsync("alpha__echo", Json.parse("{\"text\":\"" + text + "\"}")).thenApply(CallToolResult::text));
        }
        for (int i = 0; i < calls.size(); i++) {
            assertThat(calls.get(i).get(20, TimeUnit.SECONDS)).isEqualTo("c" + i);
        }
    }

    @Test
    void withTokensEveryClientNeedsOne() throws Exception {
        try (McpGateway guarded = McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0))
                .bearerTokens(java.util.Set.of("s3cret-token")).start()) {
            java.net.URI url = guarded.endpoint().orElseThrow();
            try (McpClient without = McpClient.builder(HttpTransport.builder(url).build()).era(Era.LEGACY).build()) {
                assertThatThrownBy(without::connect).isInstanceOf(io.mcphost.protocol.McpException.class);
            }
            try (McpClient with = McpClient.builder(HttpTransport.builder(url).header("Authorization", "Bearer s3cret-token").build())
                    .era(Era.LEGACY).build()) {
                with.connect();
                assertThat(with.callTool("alpha__echo", Json.parse("{\"text\":\"in\"}")).text()).isEqualTo("in");
            }
        }
    }

    @Test
    void aClientOverItsConcurrencyLimitGets429() throws Exception {
        try (McpGateway limited = McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0))
                .maxConcurrentRequestsPerClient(1).start()) {
            McpClient client = McpClient.builder(HttpTransport.builder(limited.endpoint().orElseThrow()).build())
                    .era(Era.MODERN).requestTimeout(Duration.ofSeconds(20)).build();
            toClose.add(client);
            client.connect();
            CompletableFuture<CallToolResult> slow = client.callToolAsync("alpha__slow", Json.newObject());
            assertThat(slowStarted.await(10, TimeUnit.SECONDS)).isTrue();
            assertThatThrownBy(() -> client.callTool("alpha__echo", Json.newObject()))
                    .isInstanceOf(io.mcphost.protocol.McpException.class).hasMessageContaining("Too Many Requests");
            slow.cancel(true);
        }
    }

    @Test
    void refusesANonLoopbackBindWithoutTokens() {
        assertThatThrownBy(() -> McpGateway.builder(host).http(new InetSocketAddress("0.0.0.0", 0)).start())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("without authentication");
        assertThatThrownBy(() -> McpGateway.builder(host).start())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("serves nothing");
    }
}
