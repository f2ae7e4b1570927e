package io.mcphost.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.document.Document;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.UserMessage;
import io.mcphost.host.McpHost;
import io.mcphost.protocol.content.BlobResourceContents;
import io.mcphost.protocol.content.Role;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.prompts.PromptMessage;
import io.mcphost.protocol.resources.ReadResourceResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class McpContentsTest {
    @Test
    void aServersPromptBecomesChatMessagesAndItsResourceAUserMessage() {
        List<AutoCloseable> sessions = new java.util.ArrayList<>();
        try (McpHost host = McpHost.builder().server(Servers.demo("demo", sessions)).start()) {
            List<ChatMessage> messages = McpContents.messages(host.getPrompt("demo__summarize", Map.of("text", "MCP.")));
            UserMessage readme = McpContents.userMessage(host.readResource("demo://readme"));
            List<Document> documents = McpContents.documents(host.readResource("demo://readme"));

            assertThat(messages).containsExactly(UserMessage.from("Summarise the following text as brief:\n\nMCP."));
            assertThat(readme.contents()).singleElement().isInstanceOf(TextContent.class);
            assertThat(documents).singleElement().satisfies(d -> {
                assertThat(d.metadata().getString("uri")).isEqualTo("demo://readme");
                assertThat(d.metadata().getString("mime_type")).isEqualTo("text/markdown");
                assertThat(d.text()).isEqualTo(((TextContent) readme.contents().getFirst()).text());
            });
        } finally {
            sessions.forEach(s -> {
                try {
                    s.close();
                } catch (Exception ignored) {
                    // the host closed the connection already
                }
            });
        }
    }

    @Test
    void assistantTurnsImagesAndOtherBinariesKeepTheirMeaning() {
        GetPromptResult prompt = new GetPromptResult(java.util.Optional.empty(), List.of(
                PromptMessage.user("Describe this"),
                new PromptMessage(Role.ASSISTANT, io.mcphost.protocol.content.TextContent.of("It is a cat."))), null);
        ReadResourceResult files = ReadResourceResult.of(
                BlobResourceContents.of("file:///cat.png", "image/png", "iVBORw0KGgo="),
                BlobResourceContents.of("file:///data.bin", "application/octet-stream", "AAAA"),
                TextResourceContents.of("file:///a.txt", "text/plain", "plain text"));

        assertThat(McpContents.messages(prompt)).containsExactly(UserMessage.from("Describe this"), AiMessage.from("It is a cat."));
        assertThat(McpContents.text(prompt)).isEqualTo("user: Describe this\nassistant: It is a cat.");
        assertThat(McpContents.contents(files)).satisfiesExactly(
                image -> assertThat(((ImageContent) image).image().mimeType()).isEqualTo("image/png"),
                binary -> assertThat(((TextContent) binary).text()).isEqualTo("[binary resource: file:///data.bin, application/octet-stream]"),
                text -> assertThat(((TextContent) text).text()).isEqualTo("plain text"));
        assertThat(McpContents.documents(files)).singleElement().extracting(Document::text).isEqualTo("plain text");
    }
}
