package io.mcphost.langchain4j;

import static io.mcphost.langchain4j.ScriptedChatModel.toolCall;
import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.UserMessage;
import io.mcphost.client.CallOptions;
import io.mcphost.client.ElicitationHandler;
import io.mcphost.protocol.elicitation.ElicitResult;
import java.util.Map;
import io.mcphost.host.McpHost;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The example agent: an AiServices assistant whose tools come from two real MCP servers through one McpHost. */
class AssistantAgentTest {
    /** What the application declares; AiServices implements it. */
    interface Assistant {
        String chat(String message);
    }

    /** One assistant for every user; the memory id says whose conversation a message belongs to. */
    interface SharedAssistant {
        String chat(@MemoryId String user, @UserMessage String message);
    }

    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    @Test
    void anAssistantCallsToolsOfServerEverythingAndTheDemoServerAndAnswersWithTheirResults() {
        List<String> intercepted = new CopyOnWriteArrayList<>();
        McpHost host = McpHost.builder()
                .server(Servers.everything("everything"))
                .server(Servers.demo("demo", toClose))
                .startupTimeout(Duration.ofSeconds(30))
                .interceptor(chain -> {
                    intercepted.add(chain.call().name());
                    return chain.proceed(chain.call());
                })
                .start();
        toClose.add(host);
        ScriptedChatModel model = new ScriptedChatModel(List.of(
                toolCall("1", "everything__get-sum", "{\"a\": 2, \"b\": 40}"),
                toolCall("2", "demo__echo", "{\"text\": \"hello from the demo server\"}"),
                toolCall("3", "demo__fail", "{\"reason\": \"the model asked for it\"}")));
        Assistant assistant = AiServices.builder(Assistant.class)
                .chatModel(model)
                .toolProvider(McpToolProvider.of(host))
                .build();

        String answer = assistant.chat("Add 2 and 40, echo a greeting, then try the failing tool.");

        assertThat(model.requests.getFirst().toolSpecifications()).extracting(ToolSpecification::name)
                .contains("everything__get-sum", "everything__echo", "demo__echo", "demo__add", "demo__fail");
        List<ToolExecutionResultMessage> seen = model.toolResultsSeen();
        assertThat(seen).extracting(ToolExecutionResultMessage::toolName)
                .containsExactly("everything__get-sum", "demo__echo", "demo__fail");
        assertThat(seen.get(0).text()).contains("42");
        assertThat(seen.get(1).text()).isEqualTo("hello from the demo server");
        assertThat(seen.get(2).text()).isEqualTo("failed on purpose: the model asked for it");
        assertThat(seen.get(2).isError()).isTrue();
        assertThat(intercepted).containsExactlyInAnyOrder("everything__get-sum", "demo__echo", "demo__fail");
        assertThat(answer).startsWith("Here is what the tools said: everything__get-sum -> ")
                .contains("demo__echo -> hello from the demo server")
                .endsWith("demo__fail -> failed on purpose: the model asked for it");
    }

    /**
     * A server's question during a tool call goes to the handler of the user whose conversation made the call
     * ({@link McpToolProvider.Builder#callOptions(java.util.function.Function)}), not to a host-wide one: the demo
     * server's {@code greet} asks who to greet, and each user answers with their own name.
     */
    @Test
    void eachUserAnswersTheFormOfTheirOwnToolCall() {
        List<String> hostWideQuestions = new CopyOnWriteArrayList<>();
        McpHost host = McpHost.builder()
                .server(Servers.demo("demo", toClose))
                // Announces elicitation; answers only questions no call claims (none here).
                .elicitation(ElicitationHandler.blocking(request -> {
                    hostWideQuestions.add(request.message());
                    return ElicitResult.decline();
                }))
                .startupTimeout(Duration.ofSeconds(30))
                .start();
        toClose.add(host);
        Map<String, String> names = Map.of("alice", "Alice", "bob", "Bob");
        List<String> asked = new CopyOnWriteArrayList<>();
        McpToolProvider tools = McpToolProvider.builder(host)
                .callOptions(context -> CallOptions.builder().elicitation(ElicitationHandler.blocking(request -> {
                    String user = String.valueOf(context.chatMemoryId());
                    asked.add(user);
                    return ElicitResult.accept(Servers.json("{\"name\":\"" + names.get(user) + "\",\"style\":\"formal\"}"));
                })).build())
                .build();
        ScriptedChatModel model = new ScriptedChatModel(List.of(toolCall("1", "demo__greet", "{}")));
        SharedAssistant assistant = AiServices.builder(SharedAssistant.class)
                .chatModel(model)
                .chatMemoryProvider(user -> MessageWindowChatMemory.withMaxMessages(10))
                .toolProvider(tools)
                .build();

        String toAlice = assistant.chat("alice", "Greet me.");
        String toBob = assistant.chat("bob", "Greet me.");

        assertThat(toAlice).isEqualTo("Here is what the tools said: demo__greet -> Good day, Alice.");
        assertThat(toBob).isEqualTo("Here is what the tools said: demo__greet -> Good day, Bob.");
        assertThat(asked).containsExactly("alice", "bob");
        assertThat(hostWideQuestions).isEmpty();
    }
}
