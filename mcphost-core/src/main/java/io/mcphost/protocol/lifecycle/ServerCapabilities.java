package io.mcphost.protocol.lifecycle;

import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * What a server announced in {@code initialize}. Each present member means the server offers
 * that feature; its object carries the feature's options (for example
 * {@code {"listChanged": true}}), kept as JSON so options newer than this library survive.
 * {@code extensions} (revision 2026-07-28) maps extension ids to their settings.
 */
public record ServerCapabilities(Optional<JsonNode> experimental, Optional<JsonNode> logging,
                                 Optional<JsonNode> completions, Optional<JsonNode> prompts,
                                 Optional<JsonNode> resources, Optional<JsonNode> tools, Optional<JsonNode> tasks,
                                 Optional<JsonNode> extensions) {
    public ServerCapabilities {
        experimental = orEmpty(experimental);
        logging = orEmpty(logging);
        completions = orEmpty(completions);
        prompts = orEmpty(prompts);
        resources = orEmpty(resources);
        tools = orEmpty(tools);
        tasks = orEmpty(tasks);
        extensions = orEmpty(extensions);
    }

    private static Optional<JsonNode> orEmpty(Optional<JsonNode> value) {
        return value == null ? Optional.empty() : value.filter(node -> !node.isNull());
    }

    /** Whether the capability object {@code capability} has {@code option: true}, e.g. tools.listChanged. */
    public static boolean hasOption(Optional<JsonNode> capability, String option) {
        return capability.map(c -> c.path(option).asBoolean(false)).orElse(false);
    }
}
