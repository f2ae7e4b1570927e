package io.mcphost.langchain4j;

import static io.mcphost.langchain4j.ScriptedChatModel.toolCall;
import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.UserMessage;
import io.mcphost.client.CallOptions;
import io.mcphost.client.ElicitationHandler;
import io.mcphost.host.McpHost;
import io.mcphost.protocol.elicitation.ElicitResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A server's question (elicitation) during a tool call of an AI service goes to the handler of the user whose
 * conversation made the call ({@link McpToolProvider.Builder#callOptions(java.util.function.Function)}), not to
 * a host-wide one: the demo server's {@code greet} asks who to greet, and each user answers with their own name.
 */
class PerUserElicitationTest {
    /** One assistant for every user; the memory id says whose conversation a message belongs to. */
    interface Assistant {
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
        Assistant assistant = AiServices.builder(Assistant.class)
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
