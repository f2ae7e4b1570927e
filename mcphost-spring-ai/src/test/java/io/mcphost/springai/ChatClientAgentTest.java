package io.mcphost.springai;

import static io.mcphost.springai.ScriptedChatModel.toolCall;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.host.McpHost;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.ToolResponseMessage.ToolResponse;

/**
 * The example agent as Spring AI 2.0 applications write it: a {@link ChatClient}, whose tool-calling
 * advisor runs the loop, given the host's tools with {@code defaultToolCallbacks(provider)}.
 */
class ChatClientAgentTest {
    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    @Test
    void aChatClientCallsToolsOfServerEverythingAndTheDemoServerAndAnswersWithTheirResults() {
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
                toolCall("3", "demo__fail", "{\"reason\": \"the model asked for it\"}")), null);
        ChatClient chat = ChatClient.builder(model).defaultToolCallbacks(new McpToolCallbackProvider(host)).build();

        String answer = chat.prompt("Add 2 and 40, echo a greeting, then try the failing tool.").call().content();

        assertThat(model.offeredTools.getFirst()).contains("everything__get-sum", "everything__echo", "demo__echo", "demo__fail");
        assertThat(model.responsesSeen).extracting(ToolResponse::name)
                .containsExactly("everything__get-sum", "demo__echo", "demo__fail");
        assertThat(model.responsesSeen.get(0).responseData()).contains("42");
        assertThat(model.responsesSeen.get(2).responseData()).isEqualTo("failed on purpose: the model asked for it");
        assertThat(intercepted).containsExactly("everything__get-sum", "demo__echo", "demo__fail");
        assertThat(answer).startsWith("Here is what the tools said: everything__get-sum -> ")
                .contains("demo__echo -> hello from the demo server")
                .endsWith("demo__fail -> failed on purpose: the model asked for it");
    }
}
