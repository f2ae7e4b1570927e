package io.mcphost.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.CallOptions;
import io.mcphost.client.ElicitationHandler;
import io.mcphost.client.McpClient;
import io.mcphost.host.McpHost;
import io.mcphost.host.ServerSpec;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.elicitation.ElicitRequestFormParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.logging.LoggingMessageNotificationParams;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.prompts.PromptArgument;
import io.mcphost.protocol.prompts.PromptMessage;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.server.ClientInput;
import io.mcphost.server.InteractivePromptHandler;
import io.mcphost.server.InteractiveResourceReader;
import io.mcphost.server.McpServer;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.ServerSpecs;
import io.mcphost.transport.http.HttpTransport;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The upstream's log messages of a forwarded {@code prompts/get} and {@code resources/read} reach the
 * downstream client whose request it is, at that client's level, as a tool call's do (and a read's
 * questions reach it too). Upstreams:
 * toolkit servers spoken to in 2026-07-28 in memory (alpha) and over Streamable HTTP (gamma), and in
 * a handshake revision over Streamable HTTP (beta); downstream real clients of both eras over HTTP.
 */
class GatewayRequestLogTest {
    private final List<AutoCloseable> toClose = new CopyOnWriteArrayList<>();
    /** Held by requests whose caller starts with "pair": each logs its second message only once both logged their first. */
    private final CountDownLatch pairLogged = new CountDownLatch(2);
    private final CountDownLatch pairDone = new CountDownLatch(2);
    private StreamableHttpServer betaHttp;
    private StreamableHttpServer gammaHttp;
    private McpHost host;
    private McpGateway gateway;

    /** A prompt ({@code who}) and a template ({@code note://<server>/chat/{who}}) that each log at info and at debug. */
    private McpServer upstream(String name) {
        return McpServer.builder().name(name).version("1")
                .prompt(Prompt.of("chat", "Logs naming its caller", PromptArgument.of("who", "the caller", true)),
                        (InteractivePromptHandler) (arguments, input) -> {
                            chat(input, arguments.get("who"));
                            return GetPromptResult.of("chat", PromptMessage.user("hello " + arguments.get("who")));
                        })
                .resourceTemplate(ResourceTemplate.of("note://" + name + "/chat/{who}", "chat", "Logs naming its caller", "text/plain"),
                        (InteractiveResourceReader) (uri, input) -> {
                            chat(input, uri.substring(uri.lastIndexOf('/') + 1));
                            return ReadResourceResult.of(TextResourceContents.of(uri, "text/plain", "read"));
                        })
                .resourceTemplate(ResourceTemplate.of("note://" + name + "/ask/{id}", "ask", "Asks its caller first", "text/plain"),
                        (InteractiveResourceReader) (uri, input) -> {
                            // Logs only after its question: under 2026-07-28 what comes before it runs once per round.
                            ElicitResult answer = input.elicit(ElicitRequestFormParams.of("your name?", Json.parse(
                                    "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}")),
                                    Duration.ofSeconds(20));
                            String who = answer.content().map(c -> c.path("name").asString("")).orElse("nobody");
                            input.log(LoggingLevel.INFO, "read for " + who);
                            return ReadResourceResult.of(TextResourceContents.of(uri, "text/plain", "for " + who));
                        })
                .build();
    }

    private void chat(ClientInput input, String who) throws InterruptedException {
        boolean pair = who.startsWith("pair");
        input.log(LoggingLevel.INFO, "info for " + who);
        if (pair) {
            pairLogged.countDown();
            assertThat(pairLogged.await(20, TimeUnit.SECONDS)).as("the other request logged").isTrue();
        }
        input.log(LoggingLevel.DEBUG, Json.newObject().put("debug", who));
        if (pair) {
            pairDone.countDown();
            assertThat(pairDone.await(20, TimeUnit.SECONDS)).as("the other request logged twice").isTrue();
        }
    }

    @BeforeEach
    void start() {
        betaHttp = StreamableHttpServer.builder(upstream("beta")).port(0).start();
        gammaHttp = StreamableHttpServer.builder(upstream("gamma")).port(0).start();
        host = McpGateway.prepareHost(McpHost.builder())
                .server(ServerSpecs.inProcess("alpha", () -> upstream("alpha"), toClose).era(Era.MODERN).build())
                .server(ServerSpec.builder("beta", () -> HttpTransport.builder(betaHttp.endpoint()).build())
                        .era(Era.LEGACY).build())
                .server(ServerSpec.builder("gamma", () -> HttpTransport.builder(gammaHttp.endpoint()).build())
                        .era(Era.MODERN).build())
                .start();
        gateway = McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0)).start();
    }

    @AfterEach
    void stop() throws Exception {
        gateway.close(Duration.ofSeconds(2));
        host.close(Duration.ofSeconds(2));
        betaHttp.close(Duration.ofSeconds(2));
        gammaHttp.close(Duration.ofSeconds(2));
        for (AutoCloseable c : toClose) {
            c.close();
        }
    }

    /** A downstream client whose every received log message, whichever request it belongs to, lands in {@code wire}. */
    private McpClient client(Era era, List<String> wire) {
        McpClient client = McpClient.builder(HttpTransport.builder(gateway.endpoint().orElseThrow()).build())
                .name("downstream").era(era).requestTimeout(Duration.ofSeconds(30)).onLog(m -> wire.add(describe(m))).build();
        client.connect();
        toClose.add(client);
        return client;
    }

    private static String describe(LoggingMessageNotificationParams m) {
        return m.level() + " " + m.logger().orElse("-") + " " + m.data();
    }

    /** The two kinds of request, each naming its caller {@code who} on the given server. */
    private static Function<CallOptions, Object> request(McpClient client, String kind, String server, String who) {
        return options -> kind.equals("prompt")
                ? client.getPrompt(server + "__chat", Map.of("who", who), options)
                : client.readResource("note://" + server + "/chat/" + who, options);
    }

    private static String logger(String kind, String server, String who) {
        return kind.equals("prompt") ? "chat" : "note://" + server + "/chat/" + who;
    }

    /**
     * A handshake-era client sets its level with logging/setLevel, a 2026-07-28 client names it in the
     * request: it receives exactly the upstream's messages at or above that level, before the answer,
     * with the upstream's level, logger and data. The upstreams are the 2026-07-28 ones, which log at
     * the level each request names (a handshake-era upstream's session stays at its default, info).
     */
    @ParameterizedTest
    @CsvSource({"LEGACY, INFO, prompt, alpha", "LEGACY, DEBUG, prompt, alpha", "MODERN, INFO, prompt, alpha",
            "MODERN, DEBUG, prompt, alpha", "LEGACY, INFO, resource, alpha", "LEGACY, DEBUG, resource, alpha",
            "MODERN, INFO, resource, alpha", "MODERN, DEBUG, resource, alpha", "LEGACY, DEBUG, prompt, gamma",
            "MODERN, INFO, prompt, gamma", "LEGACY, INFO, resource, gamma", "MODERN, DEBUG, resource, gamma"})
    void relaysTheUpstreamsLogAtTheDownstreamClientsLevel(Era era, LoggingLevel level, String kind, String server) {
        List<String> wire = new CopyOnWriteArrayList<>();
        McpClient client = client(era, wire);
        LoggingLevel listened = level;
        if (era == Era.LEGACY) {
            client.setLoggingLevel(level);
            listened = LoggingLevel.DEBUG; // the listener takes everything: the gateway's filter is what is tested
        }
        List<String> heard = new CopyOnWriteArrayList<>();

        request(client, kind, server, "Ada").apply(CallOptions.builder().onLog(listened, m -> heard.add(describe(m))).build());

        String logger = logger(kind, server, "Ada");
        List<String> expected = level == LoggingLevel.DEBUG
                ? List.of("INFO " + logger + " \"info for Ada\"", "DEBUG " + logger + " {\"debug\":\"Ada\"}")
                : List.of("INFO " + logger + " \"info for Ada\"");
        assertThat(heard).containsExactlyElementsOf(expected);
        Await.until(Duration.ofSeconds(5), () -> wire.size() >= expected.size(), "the client-wide log listener");
        assertThat(wire).as("every log message the client received").containsExactlyElementsOf(expected);
    }

    /**
     * An upstream reader that asks first asks the downstream client whose read it is (a server-to-client
     * request, or an input round under 2026-07-28), and its log after the answer reaches that client.
     */
    @ParameterizedTest
    @CsvSource({"LEGACY, alpha", "MODERN, alpha", "LEGACY, beta", "MODERN, beta"})
    void aResourceReadThatAsksFirstAsksItsCaller(Era era, String server) {
        McpClient client = McpClient.builder(HttpTransport.builder(gateway.endpoint().orElseThrow()).build())
                .name("downstream").era(era).requestTimeout(Duration.ofSeconds(30))
                .elicitation(ElicitationHandler.blocking(request -> ElicitResult.accept(Json.newObject().put("name", "Cy"))))
                .build();
        client.connect();
        toClose.add(client);
        List<String> heard = new CopyOnWriteArrayList<>();

        ReadResourceResult read = client.readResource("note://" + server + "/ask/1",
                CallOptions.builder().onLog(LoggingLevel.INFO, m -> heard.add(describe(m))).build());

        assertThat(read.contents().getFirst()).isInstanceOfSatisfying(TextResourceContents.class,
                c -> assertThat(c.text()).isEqualTo("for Cy"));
        assertThat(heard).containsExactly("INFO note://" + server + "/ask/1 \"read for Cy\"");
    }

    /**
     * Two clients make the same request at the same moment (both in flight while each logs): each
     * receives only its own request's messages, from an upstream of either era. Both upstreams are
     * over HTTP: there each message comes on its request's stream, while in memory (or over stdio) a
     * message of two concurrent requests belongs to neither (see CallOptions.Builder#onLog), so it
     * reaches no downstream client at all.
     */
    @ParameterizedTest
    @CsvSource({"LEGACY, prompt, beta", "MODERN, prompt, beta", "LEGACY, resource, beta", "MODERN, resource, beta",
            "LEGACY, prompt, gamma", "MODERN, prompt, gamma", "LEGACY, resource, gamma", "MODERN, resource, gamma"})
    void eachClientReceivesOnlyItsOwnRequestsLog(Era era, String kind, String server) throws Exception {
        List<String> wireA = new CopyOnWriteArrayList<>();
        List<String> wireB = new CopyOnWriteArrayList<>();
        McpClient a = client(era, wireA);
        McpClient b = client(era, wireB);
        List<String> heardA = new CopyOnWriteArrayList<>();
        List<String> heardB = new CopyOnWriteArrayList<>();
        CallOptions optionsA = CallOptions.builder().onLog(LoggingLevel.INFO, m -> heardA.add(describe(m))).build();
        CallOptions optionsB = CallOptions.builder().onLog(LoggingLevel.INFO, m -> heardB.add(describe(m))).build();

        CompletableFuture<Object> requestA = CompletableFuture.supplyAsync(() -> request(a, kind, server, "pair-A").apply(optionsA));
        CompletableFuture<Object> requestB = CompletableFuture.supplyAsync(() -> request(b, kind, server, "pair-B").apply(optionsB));
        requestA.get(60, TimeUnit.SECONDS);
        requestB.get(60, TimeUnit.SECONDS);

        String expectedA = "INFO " + logger(kind, server, "pair-A") + " \"info for pair-A\"";
        String expectedB = "INFO " + logger(kind, server, "pair-B") + " \"info for pair-B\"";
        assertThat(heardA).containsExactly(expectedA);
        assertThat(heardB).containsExactly(expectedB);
        Await.until(Duration.ofSeconds(5), () -> !wireA.isEmpty() && !wireB.isEmpty(), "both clients' log listeners");
        assertThat(wireA).containsExactly(expectedA);
        assertThat(wireB).containsExactly(expectedB);
    }
}
