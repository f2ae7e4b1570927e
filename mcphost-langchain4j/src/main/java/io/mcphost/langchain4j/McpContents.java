package io.mcphost.langchain4j;

import io.mcphost.host.ModelText;
import dev.langchain4j.data.document.Document;
import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.UserMessage;
import io.mcphost.protocol.content.AudioContent;
import io.mcphost.protocol.content.BlobResourceContents;
import io.mcphost.protocol.content.ContentBlock;
import io.mcphost.protocol.content.EmbeddedResource;
import io.mcphost.protocol.content.ResourceContents;
import io.mcphost.protocol.content.ResourceLink;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.prompts.PromptMessage;
import io.mcphost.protocol.resources.ReadResourceResult;
import java.util.ArrayList;
import java.util.List;

/**
 * MCP prompts and resources as LangChain4j messages, content and documents, for applications that
 * put them into a conversation themselves (the usual way: the user picks a prompt or attaches a file),
 * rather than letting the model fetch them through the synthetic tools of {@link McpToolProvider}:
 * <pre>{@code
 * List<ChatMessage> messages = McpContents.messages(host.getPrompt("demo__summarize", Map.of("text", text)));
 * UserMessage attached = McpContents.userMessage(host.readResource("demo://readme"));
 * }</pre>
 * Images (image content, and binary resources whose MIME type is {@code image/*}) become
 * {@link ImageContent}; other binary content, which LangChain4j messages cannot carry, becomes a
 * bracketed text note naming it. Pure functions: thread-safe, no I/O.
 */
public final class McpContents {
    private McpContents() {
    }

    /**
     * A prompt's messages as chat messages, in order: user messages keep text and images, assistant
     * messages become {@link AiMessage}s with the text rendering of their content (an AI message holds text only).
     */
    public static List<ChatMessage> messages(GetPromptResult prompt) {
        List<ChatMessage> messages = new ArrayList<>();
        for (PromptMessage message : prompt.messages()) {
            messages.add(switch (message.role()) {
                case USER -> UserMessage.from(content(message.content()));
                case ASSISTANT -> AiMessage.from(ModelText.of(message.content()));
            });
        }
        return messages;
    }

    /** A prompt as one text, each message on its own line prefixed by its role, as the synthetic prompt tool returns it. */
    public static String text(GetPromptResult prompt) {
        List<String> lines = new ArrayList<>();
        prompt.messages().forEach(m -> lines.add(m.role().name().toLowerCase(java.util.Locale.ROOT) + ": "
                + ModelText.of(m.content())));
        return String.join("\n", lines);
    }

    /** A resource's contents as LangChain4j content, one item per contents entry. */
    public static List<Content> contents(ReadResourceResult resource) {
        return resource.contents().stream().map(McpContents::content).toList();
    }

    /** A resource's contents as one user message, for attaching a resource to a conversation. */
    public static UserMessage userMessage(ReadResourceResult resource) {
        return UserMessage.from(contents(resource));
    }

    /** A resource's contents as one text: the text contents, and a note for each binary one. */
    public static String text(ReadResourceResult resource) {
        return String.join("\n", resource.contents().stream().map(ModelText::of).toList());
    }

    /**
     * A resource's text contents as documents for a LangChain4j RAG pipeline (splitters, embedding
     * stores), with metadata {@code uri} and, when known, {@code mime_type}; binary contents are left
     * out, because a document is text.
     */
    public static List<Document> documents(ReadResourceResult resource) {
        List<Document> documents = new ArrayList<>();
        for (ResourceContents contents : resource.contents()) {
            if (contents instanceof TextResourceContents text) {
                Metadata metadata = Metadata.from("uri", text.uri());
                text.mimeType().ifPresent(m -> metadata.put("mime_type", m));
                documents.add(Document.from(text.text(), metadata));
            }
        }
        return documents;
    }

    private static Content content(ContentBlock block) {
        return switch (block) {
            case io.mcphost.protocol.content.ImageContent image -> ImageContent.from(image.data(), image.mimeType());
            case EmbeddedResource embedded -> content(embedded.resource());
            case io.mcphost.protocol.content.TextContent text -> TextContent.from(text.text());
            case AudioContent audio -> TextContent.from(ModelText.of(audio));
            case ResourceLink link -> TextContent.from(ModelText.of(link));
        };
    }

    private static Content content(ResourceContents contents) {
        if (contents instanceof BlobResourceContents blob && blob.mimeType().filter(m -> m.startsWith("image/")).isPresent()) {
            return ImageContent.from(blob.blob(), blob.mimeType().orElseThrow());
        }
        return TextContent.from(ModelText.of(contents));
    }
}
