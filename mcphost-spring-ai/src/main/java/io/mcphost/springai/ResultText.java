package io.mcphost.springai;

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
 * Renders MCP content as the text a model reads. A tool result in Spring AI is one string, so
 * binary content is described in brackets rather than inlined (base64 would only waste the model's
 * context). Pure functions, thread-safe.
 */
final class ResultText {
    private ResultText() {
    }

    /**
     * The text of a tool result: its content blocks, one per line; when it has no content but
     * structured content, that JSON (a 2025-06-18 tool may return only structured output).
     */
    static String of(CallToolResult result) {
        if (result.content().isEmpty()) {
            return result.structuredContent().map(Object::toString).orElse("");
        }
        List<String> parts = new ArrayList<>();
        for (ContentBlock block : result.content()) {
            parts.add(of(block));
        }
        return String.join("\n", parts);
    }

    static String of(ContentBlock block) {
        return switch (block) {
            case TextContent text -> text.text();
            case ImageContent image -> "[image: " + image.mimeType() + "]";
            case AudioContent audio -> "[audio: " + audio.mimeType() + "]";
            case ResourceLink link -> "[resource: " + link.uri() + " (" + link.name() + ")]";
            case EmbeddedResource embedded -> of(embedded.resource());
        };
    }

    static String of(ResourceContents contents) {
        return switch (contents) {
            case TextResourceContents text -> text.text();
            case BlobResourceContents blob -> "[binary resource: " + blob.uri()
                    + blob.mimeType().map(m -> ", " + m).orElse("") + "]";
        };
    }
}
