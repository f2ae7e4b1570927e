package io.mcphost.host;

import io.mcphost.protocol.content.AudioContent;
import io.mcphost.protocol.content.BlobResourceContents;
import io.mcphost.protocol.content.ContentBlock;
import io.mcphost.protocol.content.EmbeddedResource;
import io.mcphost.protocol.content.ImageContent;
import io.mcphost.protocol.content.ResourceContents;
import io.mcphost.protocol.content.ResourceLink;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.tools.CallToolResult;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders MCP content as the text a model reads, for agent frameworks whose tool result is one
 * string (LangChain4j, Spring AI, a hand-written loop): text as it is, binary content described in
 * brackets rather than inlined (base64 would only waste the model's context). Pure functions,
 * thread-safe, never blocking.
 */
public final class ModelText {
    private ModelText() {
    }

    /**
     * The text of a tool result: its content blocks, one per line; when it has no content but
     * structured content, that JSON (a 2025-06-18 tool may return only structured output).
     */
    public static String of(CallToolResult result) {
        if (result.content().isEmpty()) {
            return result.structuredContent().map(Object::toString).orElse("");
        }
        List<String> parts = new ArrayList<>();
        for (ContentBlock block : result.content()) {
            parts.add(of(block));
        }
        return String.join("\n", parts);
    }

    /** One content block: text as it is; image, audio and links as a bracketed note. */
    public static String of(ContentBlock block) {
        return switch (block) {
            case TextContent text -> text.text();
            case ImageContent image -> "[image: " + image.mimeType() + "]";
            case AudioContent audio -> "[audio: " + audio.mimeType() + "]";
            case ResourceLink link -> "[resource: " + link.uri() + " (" + link.name() + ")]";
            case EmbeddedResource embedded -> of(embedded.resource());
        };
    }

    /** Resource contents: text as it is; a blob as a bracketed note naming its URI and type. */
    public static String of(ResourceContents contents) {
        return switch (contents) {
            case TextResourceContents text -> text.text();
            case BlobResourceContents blob -> "[binary resource: " + blob.uri()
                    + blob.mimeType().map(m -> ", " + m).orElse("") + "]";
        };
    }
}
