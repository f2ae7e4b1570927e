package io.mcphost.server;

import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.internal.Registry;
import io.mcphost.server.internal.ServerConnection;
import io.mcphost.transport.Transport;
import io.mcphost.transport.stdio.StdioTransport;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A small MCP server: tools, resources, resource templates and prompts, served over any
 * {@link Transport} (stdio for a child process, the in-memory pair for tests and embedding).
 *
 * <p>Immutable and thread-safe once built; one server can serve many connections. Each request
 * runs on its own virtual thread, so a slow tool never delays a ping or another call. The server
 * speaks revisions 2024-11-05 to 2025-11-25 and announces only the capabilities it has content for.
 */
public final class McpServer {
    private final Registry registry;

    private McpServer(Registry registry) {
        this.registry = registry;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Serves one connection; returns at once. The transport is started here. */
    public ServerSession serve(Transport transport) {
        return ServerConnection.open(registry, transport);
    }

    /**
     * Serves this process's stdin/stdout until stdin ends. For {@code main} methods: nothing but
     * protocol messages may be written to {@code System.out} while this runs.
     */
    public void serveStdio() throws InterruptedException {
        StdioTransport transport = StdioTransport.overStreams(registry.info().name(), System.in, System.out);
        ServerSession session = serve(transport);
        while (!session.awaitClose(Duration.ofDays(1))) {
            // keep serving
        }
    }

    /** Configures an {@link McpServer}. Not thread-safe. */
    public static final class Builder {
        private Implementation info = Implementation.of("mcphost-server", "0.1.0");
        private Optional<String> instructions = Optional.empty();
        private final Map<String, Registry.ToolEntry> tools = new LinkedHashMap<>();
        private final Map<String, Registry.ResourceEntry> resources = new LinkedHashMap<>();
        private final Map<String, Registry.TemplateEntry> templates = new LinkedHashMap<>();
        private final Map<String, Registry.PromptEntry> prompts = new LinkedHashMap<>();
        private CompletionHandler completions;
        private int pageSize = 100;

        private Builder() {
        }

        public Builder serverInfo(Implementation info) {
            this.info = Objects.requireNonNull(info, "info");
            return this;
        }

        public Builder serverInfo(String name, String version) {
            return serverInfo(Implementation.of(name, version));
        }

        /** Usage hints sent to the client in {@code initialize}. */
        public Builder instructions(String instructions) {
            this.instructions = Optional.of(instructions);
            return this;
        }

        public Builder tool(Tool tool, ToolHandler handler) {
            requireNew(tools, tool.name(), "tool");
            tools.put(tool.name(), new Registry.ToolEntry(tool, Objects.requireNonNull(handler, "handler")));
            return this;
        }

        public Builder resource(Resource resource, ResourceReader reader) {
            requireNew(resources, resource.uri(), "resource");
            resources.put(resource.uri(), new Registry.ResourceEntry(resource, Objects.requireNonNull(reader, "reader")));
            return this;
        }

        /** A resource template; {@code reader} receives the concrete URIs that match it. */
        public Builder resourceTemplate(ResourceTemplate template, ResourceReader reader) {
            requireNew(templates, template.uriTemplate(), "resource template");
            templates.put(template.uriTemplate(), Registry.TemplateEntry.of(template, Objects.requireNonNull(reader, "reader")));
            return this;
        }

        public Builder prompt(Prompt prompt, PromptHandler handler) {
            requireNew(prompts, prompt.name(), "prompt");
            prompts.put(prompt.name(), new Registry.PromptEntry(prompt, Objects.requireNonNull(handler, "handler")));
            return this;
        }

        /** Enables {@code completion/complete} and announces the completions capability. */
        public Builder completions(CompletionHandler handler) {
            this.completions = Objects.requireNonNull(handler, "handler");
            return this;
        }

        /** Items per page of every list (100 unless set). */
        public Builder pageSize(int pageSize) {
            if (pageSize <= 0) {
                throw new IllegalArgumentException("pageSize must be positive, got " + pageSize);
            }
            this.pageSize = pageSize;
            return this;
        }

        public McpServer build() {
            return new McpServer(new Registry(info, instructions, Map.copyOf(tools),
                    List.copyOf(tools.values()), List.copyOf(resources.values()), List.copyOf(templates.values()),
                    List.copyOf(prompts.values()), Optional.ofNullable(completions), pageSize));
        }

        private static void requireNew(Map<String, ?> map, String key, String what) {
            if (map.containsKey(key)) {
                throw new IllegalArgumentException("a " + what + " named '" + key + "' is already registered");
            }
        }
    }
}
