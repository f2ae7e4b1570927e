package io.mcphost.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.testkit.Await;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.json.JsonAnyOfSchema;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonNullSchema;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonReferenceSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolProviderRequest;
import dev.langchain4j.service.tool.ToolProviderResult;
import io.mcphost.host.McpHost;
import io.mcphost.host.McpHostBuilder;
import io.mcphost.server.McpServer;
import io.mcphost.server.demo.DemoServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class McpToolProviderTest {
    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    private McpHost start(McpHostBuilder builder) {
        McpHost host = builder.start();
        toClose.add(host);
        return host;
    }

    private static ToolProviderRequest request() {
        return new ToolProviderRequest("conversation-1", UserMessage.from("hello"));
    }

    private static ToolExecutionRequest call(String name, String arguments) {
        return ToolExecutionRequest.builder().id("call-1").name(name).arguments(arguments).build();
    }

    @Test
    void catalogToolsBecomeSpecificationsNamedByTheirExposedNames() {
        McpHost host = start(McpHost.builder().server(Servers.demo("demo", toClose)));

        McpToolProvider provider = McpToolProvider.of(host);

        assertThat(provider.isDynamic()).isTrue();
        assertThat(provider.toolSpecifications()).extracting(ToolSpecification::name)
                .containsExactlyElementsOf(host.tools().stream().map(t -> t.name()).toList());
        ToolSpecification echo = provider.provideTools(request()).toolSpecificationByName("demo__echo");
        assertThat(echo.description()).isEqualTo("Returns the text it is given.");
        assertThat(echo.parameters().required()).containsExactly("text");
        assertThat(echo.parameters().properties().get("text"))
                .isEqualTo(JsonStringSchema.builder().description("What to echo").build());
    }

    @Test
    void nestedObjectsArraysEnumsAnyOfAndReferencesAreMappedFaithfully() {
        McpHost host = start(McpHost.builder().server(Servers.inProcess("schemas", Servers::schemaServer, toClose)));

        JsonObjectSchema book = McpToolProvider.of(host).toolSpecifications().getFirst().parameters();

        assertThat(book.description()).isEqualTo("A booking");
        assertThat(book.required()).containsExactly("traveller", "legs");
        Map<String, JsonSchemaElement> p = book.properties();
        assertThat(p.keySet()).containsExactly("traveller", "legs", "class", "when", "note", "seats", "stars", "payment");
        assertThat(p.get("traveller")).isEqualTo(JsonObjectSchema.builder().description("Who travels")
                .addProperty("name", JsonStringSchema.builder().description("Full name").build())
                .addProperty("age", new JsonIntegerSchema()).addProperty("vip", new JsonBooleanSchema())
                .required("name").additionalProperties(false).build());
        assertThat(p.get("legs")).isEqualTo(JsonArraySchema.builder().items(JsonObjectSchema.builder()
                .addProperty("from", new JsonStringSchema()).addProperty("to", new JsonStringSchema())
                .addProperty("price", new JsonNumberSchema()).build()).build());
        assertThat(p.get("class")).isEqualTo(JsonEnumSchema.builder().enumValues("economy", "business").build());
        assertThat(p.get("when")).isEqualTo(JsonAnyOfSchema.builder().anyOf(
                JsonStringSchema.builder().description("ISO date").build(),
                JsonIntegerSchema.builder().description("epoch seconds").build()).build());
        assertThat(p.get("note")).isEqualTo(JsonAnyOfSchema.builder().anyOf(new JsonStringSchema(), new JsonNullSchema()).build());
        assertThat(((JsonAnyOfSchema) p.get("payment")).anyOf())
                .containsExactly(JsonReferenceSchema.builder().reference("card").build(), new JsonStringSchema());
        assertThat(book.definitions()).containsOnlyKeys("card");
    }

    @Test
    void whatCannotBeExpressedIsReportedAndKeptInTheDescription() {
        McpHost host = start(McpHost.builder().server(Servers.inProcess("schemas", Servers::schemaServer, toClose)));

        McpToolProvider provider = McpToolProvider.of(host);
        Map<String, JsonSchemaElement> p = provider.toolSpecifications().getFirst().parameters().properties();

        assertThat(provider.schemaIssues()).extracting(SchemaIssue::tool).containsOnly("schemas__book");
        assertThat(provider.schemaIssues()).extracting(SchemaIssue::path).containsExactly(
                "/properties/seats", "/properties/stars/enum", "/properties/payment/oneOf", "/$defs/card/properties/number");
        assertThat(provider.schemaIssues().get(2).detail()).contains("'oneOf' was mapped to 'anyOf'");
        // Only the oneOf changes what the model is told; the others are there, in words (logged at DEBUG only).
        assertThat(provider.schemaIssues()).extracting(SchemaIssue::kind).containsExactly(SchemaIssue.Kind.DESCRIBED,
                SchemaIssue.Kind.DESCRIBED, SchemaIssue.Kind.APPROXIMATED, SchemaIssue.Kind.DESCRIBED);
        assertThat(((JsonIntegerSchema) p.get("seats")).description()).isEqualTo("(minimum: 1; maximum: 9)");
        assertThat(((JsonIntegerSchema) p.get("stars")).description()).isEqualTo("allowed values: 3, 4, 5");
    }

    @Test
    void callsGoThroughTheHostAndItsInterceptors() {
        List<String> intercepted = new CopyOnWriteArrayList<>();
        McpHost host = start(McpHost.builder().server(Servers.demo("demo", toClose)).interceptor(chain -> {
            intercepted.add(chain.call().name());
            return chain.proceed(chain.call());
        }));
        ToolProviderResult tools = McpToolProvider.of(host).provideTools(request());

        ToolExecutionResult result = tools.toolExecutorByName("demo__add")
                .executeWithContext(call("demo__add", "{\"a\": 2, \"b\": 3.5}"), null);

        assertThat(result.isError()).isFalse();
        assertThat(result.resultText()).isEqualTo("5.5");
        assertThat(intercepted).containsExactly("demo__add");
    }

    @Test
    void aToolErrorBecomesTheErrorTextTheModelReads() {
        McpHost host = start(McpHost.builder().server(Servers.demo("demo", toClose)));
        ToolProviderResult tools = McpToolProvider.of(host).provideTools(request());

        ToolExecutionResult failed = tools.toolExecutorByName("demo__fail")
                .executeWithContext(call("demo__fail", "{\"reason\":\"testing\"}"), null);
        ToolExecutionResult badJson = tools.toolExecutorByName("demo__echo")
                .executeWithContext(call("demo__echo", "{not json"), null);

        assertThat(failed.isError()).isTrue();
        assertThat(failed.resultText()).isEqualTo("failed on purpose: testing");
        assertThat(badJson.isError()).isTrue();
        assertThat(badJson.resultText()).startsWith("the arguments are not valid JSON");
    }

    @Test
    void aChangedCatalogIsOfferedOnTheNextRequest() {
        McpHost host = start(McpHost.builder().server(Servers.demo("demo", toClose)));
        McpToolProvider provider = McpToolProvider.of(host);
        ToolProviderResult before = provider.provideTools(request());
        assertThat(provider.provideTools(request())).isSameAs(before); // unchanged catalog: no retranslation

        host.addServer(Servers.inProcess("schemas", Servers::schemaServer, toClose));
        Await.until(Duration.ofSeconds(5), () -> provider.provideTools(request()).toolSpecificationByName("schemas__book") != null,
                "schemas__book offered after addServer");
        host.removeServer("demo");
        Await.until(Duration.ofSeconds(5), () -> provider.provideTools(request()).toolSpecificationByName("demo__echo") == null,
                "demo__echo withdrawn after removeServer");

        ToolExecutionResult stale = before.toolExecutorByName("demo__echo")
                .executeWithContext(call("demo__echo", "{\"text\":\"hi\"}"), null);
        assertThat(stale.isError()).isTrue();
        assertThat(stale.resultText()).contains("demo__echo");
    }

    @Test
    void aListChangedNotificationIsNoticedOnTheNextRequest() {
        McpServer demo = DemoServer.server();
        McpHost host = start(McpHost.builder().server(Servers.inProcess("demo", () -> demo, toClose)));
        McpToolProvider provider = McpToolProvider.of(host);
        ToolProviderResult before = provider.provideTools(request());

        demo.notifyToolsListChanged();

        // The host relists the server's tools and publishes a new catalog; the provider translates it again.
        Await.until(Duration.ofSeconds(5), () -> provider.provideTools(request()) != before,
                "a new translation after tools/list_changed");
        assertThat(provider.toolSpecifications()).isEqualTo(List.copyOf(before.tools().keySet()));
    }

    @Test
    void syntheticToolsReadResourcesAndGetPromptsWhenEnabled() {
        McpHost host = start(McpHost.builder().server(Servers.demo("demo", toClose)));
        ToolProviderResult plain = McpToolProvider.of(host).provideTools(request());
        ToolProviderResult tools = McpToolProvider.builder(host).resourceTool(true).promptTool(true).build()
                .provideTools(request());

        ToolExecutionResult note = tools.toolExecutorByName("read_resource")
                .executeWithContext(call("read_resource", "{\"uri\":\"demo://notes/groceries\"}"), null);
        ToolExecutionResult prompt = tools.toolExecutorByName("get_prompt").executeWithContext(call("get_prompt",
                "{\"name\":\"demo__summarize\",\"arguments\":{\"text\":\"MCP is a protocol.\",\"style\":\"bullet points\"}}"), null);
        ToolExecutionResult missing = tools.toolExecutorByName("read_resource")
                .executeWithContext(call("read_resource", "{\"uri\":\"nowhere://x\"}"), null);

        assertThat(plain.toolSpecificationByName("read_resource")).isNull();
        assertThat(tools.toolSpecificationByName("read_resource").description())
                .contains("demo://readme").contains("demo://notes/{name}");
        assertThat(tools.toolSpecificationByName("get_prompt").description()).contains("demo__summarize", "argument 'text' (required)");
        assertThat(note.resultText()).isEqualTo("This is the note called 'groceries'.");
        assertThat(prompt.resultText()).isEqualTo("user: Summarise the following text as bullet points:\n\nMCP is a protocol.");
        assertThat(missing.isError()).isTrue();
        assertThat(missing.resultText()).contains("nowhere://x");
    }
}
