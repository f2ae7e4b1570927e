package io.mcphost.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.SpecSchemas;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.elicitation.ElicitRequestFormParams;
import io.mcphost.protocol.elicitation.ElicitRequestParams;
import io.mcphost.protocol.elicitation.ElicitRequestURLParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.roots.Root;
import io.mcphost.protocol.sampling.CreateMessageRequestParams;
import io.mcphost.protocol.sampling.CreateMessageResult;
import io.mcphost.protocol.sampling.SamplingContent;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.NpmFixtures;
import io.mcphost.testkit.RecordingTransport;
import io.mcphost.transport.Transport;
import io.mcphost.transport.stdio.StdioTransport;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.node.ObjectNode;

/**
 * The server-to-client requests against server-everything over stdio: its tools
 * {@code trigger-elicitation-request}, {@code trigger-url-elicitation}, {@code trigger-sampling-request} and
 * {@code get-roots-list} send exactly these requests, and it lists them only to a client that announced
 * the capability.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EverythingServerRequestsTest {
    private static final JsonCodec CODEC = JsonCodec.get();

    private final AtomicReference<Function<ElicitRequestParams, ElicitResult>> elicit =
            new AtomicReference<>(r -> ElicitResult.decline());
    private final AtomicReference<CreateMessageRequestParams> lastSampling = new AtomicReference<>();
    private RecordingTransport transport;
    private McpClient client;

    private static Transport stdio() {
        List<String> command = NpmFixtures.everythingStdio();
        return StdioTransport.builder(command.getFirst(), command.subList(1, command.size()).toArray(String[]::new))
                .name("everything").build();
    }

    @BeforeAll
    void connect() {
        transport = new RecordingTransport(stdio());
        client = McpClient.builder(transport).name("everything").requestTimeout(Duration.ofSeconds(20))
                .elicitation(ElicitationHandler.blocking(request -> elicit.get().apply(request)))
                .sampling(SamplingHandler.blocking(request -> {
                    lastSampling.set(request);
                    return CreateMessageResult.text("test-model", "Sampled by McpHost");
                }))
                .roots(List.of(Root.of("file:///work/project", "project")))
                .connect();
    }

    @AfterAll
    void close() {
        client.close();
    }

    private static ObjectNode args(String... keyValues) {
        ObjectNode node = CODEC.newObject();
        for (int i = 0; i < keyValues.length; i += 2) {
            node.put(keyValues[i], keyValues[i + 1]);
        }
        return node;
    }

    private static String text(CallToolResult result) {
        return result.content().stream().filter(TextContent.class::isInstance).map(c -> ((TextContent) c).text())
                .reduce("", String::concat);
    }

    @Test
    void toolsNeedingClientFeaturesAreListedOnlyToAClientThatAnnouncedThem() {
        List<String> conditional = List.of("trigger-elicitation-request", "trigger-url-elicitation",
                "trigger-sampling-request", "get-roots-list");

        assertThat(client.listTools()).extracting(Tool::name).containsAll(conditional);
        try (McpClient bare = McpClient.builder(stdio()).name("everything-bare").connect()) {
            assertThat(bare.listTools()).extracting(Tool::name).doesNotContainAnyElementsOf(conditional);
        }
    }

    @Test
    void anAcceptedFormIsCompletedWithTheSchemaDefaults() {
        AtomicReference<ElicitRequestParams> seen = new AtomicReference<>();
        elicit.set(request -> {
            seen.set(request);
            return ElicitResult.accept(CODEC.newObject().put("name", "Ada Lovelace").put("check", true));
        });

        String text = text(client.callTool("trigger-elicitation-request", CODEC.newObject()));

        assertThat(seen.get()).isInstanceOf(ElicitRequestFormParams.class);
        assertThat(text).contains("User provided the requested information", "- Name: Ada Lovelace",
                "- Agreed to terms: true", "- Favorite Integer: 42", "- Favorite Number: 3.14");
        assertThat(text).contains("It was a dark and stormy night."); // a string default, in the raw result
    }

    @Test
    void aDeclinedFormReachesTheServerAsDecline() {
        elicit.set(request -> ElicitResult.decline());

        assertThat(text(client.callTool("trigger-elicitation-request", CODEC.newObject())))
                .contains("User declined to provide the requested information");
    }

    @Test
    void aUrlElicitationReachesTheHandlerWhichDecidesAlone() {
        AtomicReference<ElicitRequestParams> seen = new AtomicReference<>();
        elicit.set(request -> {
            seen.set(request);
            return ElicitResult.accept();
        });

        String text = text(client.callTool("trigger-url-elicitation", args("url", "https://example.com/connect",
                "elicitationId", "e-42")));

        assertThat(seen.get()).isInstanceOfSatisfying(ElicitRequestURLParams.class, url -> {
            assertThat(url.url()).isEqualTo("https://example.com/connect");
            assertThat(url.elicitationId()).hasValue("e-42");
        });
        assertThat(text).contains("User completed the URL elicitation flow", "e-42");
    }

    @Test
    void samplingRunsTheApplicationsModel() {
        String text = text(client.callTool("trigger-sampling-request", args("prompt", "What is MCP?")));

        assertThat(text).contains("LLM sampling result", "Sampled by McpHost", "test-model");
        CreateMessageRequestParams request = lastSampling.get();
        assertThat(request.systemPrompt()).hasValue("You are a helpful test server.");
        assertThat(request.messages().getFirst().content().getFirst())
                .isInstanceOfSatisfying(SamplingContent.Text.class, t -> assertThat(t.content().text()).endsWith("What is MCP?"));
    }

    @Test
    void theServerSeesTheRootsAndTheirChanges() {
        assertThat(text(client.callTool("get-roots-list", CODEC.newObject()))).contains("file:///work/project", "project");

        client.setRoots(List.of(Root.of("file:///work/other", "other")));

        // The server fetches roots/list again when told the list changed, on its own schedule.
        Await.until(Duration.ofSeconds(10), () -> text(client.callTool("get-roots-list", CODEC.newObject())).contains("file:///work/other"), "the server to see the new roots");
    }

    @Test
    void everyMessageTheClientSentIsValidForTheNegotiatedRevision() {
        elicit.set(request -> ElicitResult.accept(CODEC.newObject().put("name", "Ada")));
        client.callTool("trigger-elicitation-request", CODEC.newObject());
        client.callTool("trigger-sampling-request", args("prompt", "hi"));
        client.callTool("get-roots-list", CODEC.newObject());

        for (JsonRpcMessage message : transport.sent()) {
            SpecSchemas.assertValidMessage(CODEC.toTree(message), client.protocolVersion());
        }
        assertThat(transport.sent()).hasSizeGreaterThan(5);
    }
}
