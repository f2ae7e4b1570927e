package io.mcphost.host;

import io.mcphost.protocol.prompts.Prompt;
import java.util.Objects;

/**
 * A prompt in the host's catalog: what one server offers, under the name the host exposes it by.
 * Prompts are named by the same rules as tools (see {@link Catalog}), in a namespace of their own.
 * Immutable.
 *
 * @param name   the exposed name, unique among the catalog's prompts
 * @param server the name of the server that offers the prompt
 * @param prompt the prompt as that server listed it, with its original name
 */
public record HostPrompt(String name, String server, Prompt prompt) {
    public HostPrompt {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(prompt, "prompt");
    }

    /** The name the server knows the prompt by; the one to send in {@code prompts/get}. */
    public String originalName() {
        return prompt.name();
    }
}
