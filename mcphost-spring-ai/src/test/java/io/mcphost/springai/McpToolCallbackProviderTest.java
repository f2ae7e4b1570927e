package io.mcphost.springai;

import static io.mcphost.springai.ScriptedChatModel.toolCall;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.testkit.Await;
import io.mcphost.host.McpHost;
import io.mcphost.host.McpHostBuilder;
import io.mcphost.server.McpServer;
import io.mcphost.server.demo.DemoServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.messages.ToolResponseMessage.ToolResponse;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.execution.DefaultToolExecutionExceptionProcessor;
import org.springframework.ai.tool.execution.ToolExecutionException;

class McpToolCallbackProviderTest {
    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    private McpHost start(McpHostBuilder builder) {
        McpHost host = builder.startupTimeout(Duration.ofSeconds(30)).start();
        toClose.add(host);
        return host;
    }

    private static ToolDefinition definition(McpToolCallbackProvider provider, String name) {
        return Arrays.stream(provider.getToolCallbacks()).map(ToolCallback::getToolDefinition)
                .filter(d -> d.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void callbacksOfferTheExposedNamesAndPassTheSchemasThrough() {
        McpHost host = start(McpHost.builder().server(Servers.demo("demo", toClose)));

        McpToolCallbackProvider provider = new McpToolCallbackProvider(host);

        assertThat(provider.getToolCallbacks()).extracting(c -> c.getToolDefinition().name())
                .containsExactlyElementsOf(host.tools().stream().map(t -> t.name()).toList());
        ToolDefinition echo = definition(provider, "demo__echo");
        assertThat(echo.description()).isEqualTo("Returns the text it is given.");
        assertThat(Servers.json(echo.inputSchema())).isEqualTo(host.catalog().tool("demo__echo").orElseThrow().tool().inputSchema());
        assertThat(Servers.json(definition(provider, "demo__time").inputSchema()))
                .isEqualTo(Servers.json("{\"type\":\"object\",\"properties\":{}}"));
        assertThat(Servers.json(definition(provider, "demo__slow_task").inputSchema()).at("/properties/steps/maximum").asInt())
                .isEqualTo(100);
        assertThat(provider.schemaIssues()).isEmpty();
    }

    @Test
    void aScriptedModelUsesServerEverythingAndTheDemoServerThroughTheHostAndItsInterceptors() {
        List<String> intercepted = new CopyOnWriteArrayList<>();
        McpHost host = start(McpHost.builder()
                .server(Servers.everything("everything"))
                .server(Servers.demo("demo", toClose))
                .interceptor(chain -> {
                    intercepted.add(chain.call().name());
                    return chain.proceed(chain.call());
                }));
        ScriptedChatModel model = new ScriptedChatModel(List.of(
                toolCall("1", "everything__get-sum", "{\"a\": 2, \"b\": 40}"),
                toolCall("2", "demo__echo", "{\"text\": \"hello from the demo server\"}"),
                toolCall("3", "demo__fail", "{\"reason\": \"the model asked for it\"}")),
                ToolCallingManager.builder().build());
        Prompt prompt = new Prompt(List.of(new UserMessage("Add 2 and 40, echo a greeting, then try the failing tool.")),
                ToolCallingChatOptions.builder().toolCallbacks(new McpToolCallbackProvider(host).getToolCallbacks()).build());

        ChatResponse answer = model.call(prompt);

        assertThat(model.offeredTools.getFirst()).contains("everything__get-sum", "everything__echo", "demo__echo", "demo__fail");
        assertThat(model.responsesSeen).extracting(ToolResponse::name)
                .containsExactly("everything__get-sum", "demo__echo", "demo__fail");
        assertThat(model.responsesSeen.get(0).responseData()).contains("42");
        assertThat(model.responsesSeen.get(1).responseData()).isEqualTo("hello from the demo server");
        assertThat(model.responsesSeen.get(2).responseData()).isEqualTo("failed on purpose: the model asked for it");
        assertThat(intercepted).containsExactly("everything__get-sum", "demo__echo", "demo__fail");
        assertThat(answer.getResult().getOutput().getText()).startsWith("Here is what the tools said: everything__get-sum -> ")
                .endsWith("demo__fail -> failed on purpose: the model asked for it");
    }

    @Test
    void aToolErrorIsAToolExecutionExceptionTheApplicationMayRethrow() {
        McpHost host = start(McpHost.builder().server(Servers.demo("demo", toClose)));
        ToolCallback fail = Arrays.stream(new McpToolCallbackProvider(host).getToolCallbacks())
                .filter(c -> c.getToolDefinition().name().equals("demo__fail")).findFirst().orElseThrow();
        ToolCallingManager strict = ToolCallingManager.builder()
                .toolExecutionExceptionProcessor(new DefaultToolExecutionExceptionProcessor(false, List.of(McpToolErrorException.class)))
                .build();
        ScriptedChatModel model = new ScriptedChatModel(List.of(toolCall("1", "demo__fail", "{}")), strict);

        assertThatThrownBy(() -> fail.call("{\"reason\":\"x\"}"))
                .isInstanceOf(ToolExecutionException.class).hasMessage("failed on purpose: x")
                .cause().isInstanceOf(McpToolErrorException.class);
        assertThatThrownBy(() -> fail.call("{oops"))
                .isInstanceOf(ToolExecutionException.class).hasMessageStartingWith("the arguments are not valid JSON");
        assertThatThrownBy(() -> model.call(new Prompt(List.of(new UserMessage("fail")),
                ToolCallingChatOptions.builder().toolCallbacks(fail).build())))
                .isInstanceOf(McpToolErrorException.class).hasMessage("failed on purpose: no reason given");
    }

    @Test
    void aListChangedNotificationIsNoticedOnTheNextRequest() {
        McpServer demo = DemoServer.server();
        McpHost host = start(McpHost.builder().server(Servers.inProcess("demo", () -> demo, toClose)));
        McpToolCallbackProvider provider = new McpToolCallbackProvider(host);
        ToolCallback before = provider.getToolCallbacks()[0];

        demo.notifyToolsListChanged();

        // The host relists the server's tools and publishes a new catalog; the provider makes new callbacks.
        Await.until(Duration.ofSeconds(5), () -> provider.getToolCallbacks()[0] != before,
                "new callbacks after tools/list_changed");
        assertThat(provider.getToolCallbacks()[0].getToolDefinition()).isEqualTo(before.getToolDefinition());
    }

    @Test
    void aChangedCatalogIsOfferedOnTheNextRequest() {
        McpHost host = start(McpHost.builder().server(Servers.demo("demo", toClose)));
        McpToolCallbackProvider provider = new McpToolCallbackProvider(host);
        ToolCallback oldEcho = Arrays.stream(provider.getToolCallbacks())
                .filter(c -> c.getToolDefinition().name().equals("demo__echo")).findFirst().orElseThrow();

        host.addServer(Servers.demo("second", toClose));
        Await.until(Duration.ofSeconds(5), () -> Arrays.stream(provider.getToolCallbacks()).anyMatch(c -> c.getToolDefinition().name().equals("second__echo")), "second__echo offered after addServer");
        host.removeServer("demo");
        Await.until(Duration.ofSeconds(5), () -> Arrays.stream(provider.getToolCallbacks()).noneMatch(c -> c.getToolDefinition().name().startsWith("demo__")), "demo's tools withdrawn after removeServer");

        assertThatThrownBy(() -> oldEcho.call("{\"text\":\"hi\"}"))
                .isInstanceOf(ToolExecutionException.class).hasMessageContaining("demo__echo");
    }
}
