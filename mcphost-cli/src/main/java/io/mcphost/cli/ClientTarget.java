package io.mcphost.cli;

import io.mcphost.client.CallOptions;
import io.mcphost.client.McpClient;
import io.mcphost.host.HostPrompt;
import io.mcphost.host.HostResource;
import io.mcphost.host.HostResourceTemplate;
import io.mcphost.host.HostTool;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.tools.CallToolResult;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** A {@link Target} of one connected server; names are the server's own. */
record ClientTarget(McpClient client) implements Target {
    /**
     * How long a one-shot command waits for its server to go: a server still busy with a call that
     * timed out or was cancelled often outlives its closed stdin, and the library's default (4 s for
     * stdio) would keep the prompt that long. Half goes to a graceful exit, then SIGTERM, then SIGKILL.
     */
    static final java.time.Duration CLOSE_BUDGET = java.time.Duration.ofSeconds(2);

    @Override
    public boolean isHost() {
        return false;
    }

    @Override
    public List<HostTool> tools() {
        return client.listTools().stream().map(t -> new HostTool(t.name(), client.name(), t)).toList();
    }

    @Override
    public CallToolResult callTool(String name, JsonNode arguments, CallOptions options) {
        client.listTools(); // learns output schemas, so structured content is validated
        return client.callTool(name, arguments, options);
    }

    @Override
    public List<HostResource> resources() {
        return client.listResources().stream().map(r -> new HostResource(client.name(), r)).toList();
    }

    @Override
    public List<HostResourceTemplate> resourceTemplates() {
        return client.listResourceTemplates().stream().map(t -> new HostResourceTemplate(client.name(), t)).toList();
    }

    @Override
    public ReadResourceResult readResource(String uri) {
        return client.readResource(uri);
    }

    @Override
    public <T> T onServerOf(String uri, boolean template, java.util.function.Function<McpClient, T> action) {
        return action.apply(client);
    }

    @Override
    public List<HostPrompt> prompts() {
        return client.listPrompts().stream().map(p -> new HostPrompt(p.name(), client.name(), p)).toList();
    }

    @Override
    public GetPromptResult getPrompt(String name, Map<String, String> arguments) {
        return client.getPrompt(name, arguments);
    }

    @Override
    public void close() {
        client.close(CLOSE_BUDGET);
    }
}
