package io.mcphost.server;

import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.internal.Registry;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a server offers at one moment: tools, resources, resource templates and prompts with their
 * handlers. Immutable and thread-safe. {@link McpServer.Builder} collects one as it is configured; a
 * server built with {@link McpServer.Builder#changingOffer()} takes a new one at any time with
 * {@link McpServer#offer(ServerOffer)} (a gateway following its upstreams' catalog).
 */
public final class ServerOffer {
    private static final ServerOffer EMPTY = new ServerOffer(Registry.Offer.EMPTY);

    private final Registry.Offer contents;

    private ServerOffer(Registry.Offer contents) {
        this.contents = contents;
    }

    /** Nothing offered. */
    public static ServerOffer empty() {
        return EMPTY;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The tools, in registration order. */
    public List<Tool> tools() {
        return contents.tools().stream().map(Registry.ToolEntry::tool).toList();
    }

    /** The resources with fixed URIs, in registration order. */
    public List<Resource> resources() {
        return contents.resources().stream().map(Registry.ResourceEntry::resource).toList();
    }

    /** The resource templates, in registration order. */
    public List<ResourceTemplate> resourceTemplates() {
        return contents.templates().stream().map(Registry.TemplateEntry::template).toList();
    }

    /** The prompts, in registration order. */
    public List<Prompt> prompts() {
        return contents.prompts().stream().map(Registry.PromptEntry::prompt).toList();
    }

    Registry.Offer contents() {
        return contents;
    }

    /** Collects a {@link ServerOffer}. Not thread-safe; {@link #build()} may be called many times. */
    public static final class Builder {
        private final Map<String, Registry.ToolEntry> tools = new LinkedHashMap<>();
        private final Map<String, Registry.ResourceEntry> resources = new LinkedHashMap<>();
        private final Map<String, Registry.TemplateEntry> templates = new LinkedHashMap<>();
        private final Map<String, Registry.PromptEntry> prompts = new LinkedHashMap<>();

        private Builder() {
        }

        /**
         * Adds a tool. Calls whose arguments break {@code tool.inputSchema()} are answered with an
         * {@code isError} result naming the problem, without calling {@code handler} (unless the
         * server was told not to check, see {@link McpServer.Builder#validateToolArguments}).
         *
         * @throws IllegalArgumentException if a tool of that name exists, or the input schema is not
         *                                  an object schema ({@code "type": "object"}, as the spec requires)
         */
        public Builder tool(Tool tool, ToolHandler handler) {
            requireNew(tools, tool.name(), "tool");
            if (!"object".equals(tool.inputSchema().path("type").asString(""))) {
                throw new IllegalArgumentException("tool '" + tool.name()
                        + "': inputSchema must be a JSON Schema with \"type\": \"object\", got " + tool.inputSchema());
            }
            tools.put(tool.name(), new Registry.ToolEntry(tool, Objects.requireNonNull(handler, "handler")));
            return this;
        }

        /** Adds a resource with a fixed URI. */
        public Builder resource(Resource resource, ResourceReader reader) {
            Objects.requireNonNull(reader, "reader");
            return resource(resource, (uri, input) -> reader.read(uri));
        }

        /**
         * Adds a resource with a fixed URI whose reader may talk to the client while reading: ask for
         * input ({@link ClientInput}) or log ({@link ClientLog}).
         */
        public Builder resource(Resource resource, InteractiveResourceReader reader) {
            requireNew(resources, resource.uri(), "resource");
            resources.put(resource.uri(), new Registry.ResourceEntry(resource, Objects.requireNonNull(reader, "reader")));
            return this;
        }

        /** Adds a resource template; {@code reader} receives the concrete URIs that match it. */
        public Builder resourceTemplate(ResourceTemplate template, ResourceReader reader) {
            Objects.requireNonNull(reader, "reader");
            return resourceTemplate(template, (uri, input) -> reader.read(uri));
        }

        /**
         * Adds a resource template whose reader receives the concrete URIs that match it and may talk to
         * the client while reading: ask for input ({@link ClientInput}) or log ({@link ClientLog}).
         */
        public Builder resourceTemplate(ResourceTemplate template, InteractiveResourceReader reader) {
            requireNew(templates, template.uriTemplate(), "resource template");
            templates.put(template.uriTemplate(), Registry.TemplateEntry.of(template, Objects.requireNonNull(reader, "reader")));
            return this;
        }

        /** Adds a prompt; its required arguments are checked before {@code handler} runs. */
        public Builder prompt(Prompt prompt, PromptHandler handler) {
            Objects.requireNonNull(handler, "handler");
            return prompt(prompt, (arguments, input) -> handler.get(arguments));
        }

        /**
         * Adds a prompt whose handler may ask the client for input first (elicitation, sampling,
         * roots; see {@link ClientInput}) or log ({@link ClientLog}); its required arguments are checked
         * before {@code handler} runs.
         */
        public Builder prompt(Prompt prompt, InteractivePromptHandler handler) {
            requireNew(prompts, prompt.name(), "prompt");
            prompts.put(prompt.name(), new Registry.PromptEntry(prompt, Objects.requireNonNull(handler, "handler")));
            return this;
        }

        public ServerOffer build() {
            return new ServerOffer(Registry.Offer.of(List.copyOf(tools.values()), List.copyOf(resources.values()),
                    List.copyOf(templates.values()), List.copyOf(prompts.values())));
        }

        private static void requireNew(Map<String, ?> map, String key, String what) {
            if (map.containsKey(key)) {
                throw new IllegalArgumentException("a " + what + " named '" + key + "' is already registered");
            }
        }
    }
}
