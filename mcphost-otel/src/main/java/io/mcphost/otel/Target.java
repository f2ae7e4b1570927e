package io.mcphost.otel;

import io.opentelemetry.api.common.AttributesBuilder;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * What a request is about, read from its params the same way on both sides of the wire: the tool,
 * prompt or resource it names, which becomes the span name's target and the gen_ai/mcp attributes.
 *
 * @param toolName    {@code params.name} of tools/call
 * @param promptName  {@code params.name} of prompts/get, or the prompt a completion/complete refers to
 * @param resourceUri {@code params.uri} of resources/read, subscribe and unsubscribe
 */
record Target(Optional<String> toolName, Optional<String> promptName, Optional<String> resourceUri) {

    static Target of(String method, JsonNode params) {
        Optional<String> none = Optional.empty();
        return switch (method) {
            case "tools/call" -> new Target(text(params.get("name")), none, none);
            case "prompts/get" -> new Target(none, text(params.get("name")), none);
            case "completion/complete" -> "ref/prompt".equals(params.path("ref").path("type").asString(""))
                    ? new Target(none, text(params.path("ref").get("name")), none) : new Target(none, none, none);
            case "resources/read", "resources/subscribe", "resources/unsubscribe" -> new Target(none, none, text(params.get("uri")));
            default -> new Target(none, none, none);
        };
    }

    /**
     * The span name, {@code {mcp.method.name} {target}}. The conventions keep the resource URI out
     * of it unless the user opts in: URIs are high-cardinality.
     */
    String spanName(String method, boolean uriInName) {
        Optional<String> target = toolName.or(() -> promptName).or(() -> uriInName ? resourceUri : Optional.empty());
        return target.map(t -> method + " " + t).orElse(method);
    }

    /** The attributes naming the target; {@code withUri} false for metrics, where the URI is opt-in only. */
    void addTo(AttributesBuilder attributes, boolean withUri) {
        toolName.ifPresent(name -> {
            attributes.put(McpAttributes.GEN_AI_TOOL_NAME, name);
            attributes.put(McpAttributes.GEN_AI_OPERATION_NAME, McpAttributes.EXECUTE_TOOL);
        });
        promptName.ifPresent(name -> attributes.put(McpAttributes.GEN_AI_PROMPT_NAME, name));
        if (withUri) {
            resourceUri.ifPresent(uri -> attributes.put(McpAttributes.MCP_RESOURCE_URI, uri));
        }
    }

    private static Optional<String> text(JsonNode node) {
        return node != null && node.isString() ? Optional.of(node.asString()) : Optional.empty();
    }
}
