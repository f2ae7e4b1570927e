package io.mcphost.protocol.lifecycle;

import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * What a client announces in {@code initialize}. McpHost announces roots, sampling and
 * elicitation only when the application provides a handler for them. {@code extensions} (revision
 * 2026-07-28) maps extension ids such as {@code io.modelcontextprotocol/tasks} to their settings.
 */
public record ClientCapabilities(Optional<JsonNode> experimental, Optional<JsonNode> roots,
                                 Optional<JsonNode> sampling, Optional<JsonNode> elicitation,
                                 Optional<JsonNode> tasks, Optional<JsonNode> extensions) {
    public ClientCapabilities {
        experimental = experimental == null ? Optional.empty() : experimental.filter(node -> !node.isNull());
        roots = roots == null ? Optional.empty() : roots.filter(node -> !node.isNull());
        sampling = sampling == null ? Optional.empty() : sampling.filter(node -> !node.isNull());
        elicitation = elicitation == null ? Optional.empty() : elicitation.filter(node -> !node.isNull());
        tasks = tasks == null ? Optional.empty() : tasks.filter(node -> !node.isNull());
        extensions = extensions == null ? Optional.empty() : extensions.filter(node -> !node.isNull());
    }

    /** No optional client features. */
    public static ClientCapabilities none() {
        return new ClientCapabilities(null, null, null, null, null, null);
    }
}
