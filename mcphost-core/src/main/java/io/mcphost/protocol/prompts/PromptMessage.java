package io.mcphost.protocol.prompts;

import io.mcphost.protocol.content.ContentBlock;
import io.mcphost.protocol.content.Role;
import io.mcphost.protocol.content.TextContent;
import java.util.Objects;

/** One message of a prompt. */
public record PromptMessage(Role role, ContentBlock content) {
    public PromptMessage {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(content, "content");
    }

    public static PromptMessage user(String text) {
        return new PromptMessage(Role.USER, TextContent.of(text));
    }
}
