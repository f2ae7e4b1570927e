package io.mcphost.host;

import io.mcphost.host.internal.catalog.CatalogBuilder;
import io.mcphost.host.internal.catalog.ServerOffer;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.protocol.skills.Skill;
import io.mcphost.protocol.tools.Tool;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Hand-built server offers for catalog tests: what a server would list, without a server. */
final class Offers {
    static final JsonNode NO_ARGUMENTS = json("{\"type\":\"object\"}");

    private Offers() {}

    static JsonNode json(String text) {
        return JsonCodec.get().mapper().readTree(text);
    }

    static Tool tool(String name) {
        return Tool.of(name, "Does " + name, NO_ARGUMENTS);
    }

    static List<Tool> tools(String... names) {
        return Arrays.stream(names).map(Offers::tool).toList();
    }

    static ServerOffer server(String name, String... toolNames) {
        return ServerOffer.ofTools(name, tools(toolNames));
    }

    static Catalog catalog(ToolNaming naming, ServerOffer... offers) {
        CatalogBuilder builder = new CatalogBuilder(naming, ToolFilter.all());
        Arrays.stream(offers).forEach(builder::add);
        return builder.build();
    }

    static Catalog catalog(ServerOffer... offers) {
        return catalog(ToolNaming.prefixed(), offers);
    }

    static List<String> names(Catalog catalog) {
        return catalog.tools().stream().map(HostTool::name).toList();
    }

    /** A fluent offer, for tests that need prompts, resources, a prefix or a filter. */
    static Offer offer(String server) {
        return new Offer(server);
    }

    static final class Offer {
        private final String server;
        private String prefix;
        private ToolFilter filter = ToolFilter.all();
        private final List<Tool> tools = new ArrayList<>();
        private final List<Prompt> prompts = new ArrayList<>();
        private final List<Resource> resources = new ArrayList<>();
        private final List<ResourceTemplate> templates = new ArrayList<>();
        private final List<Skill> skills = new ArrayList<>();

        private Offer(String server) {
            this.server = server;
            this.prefix = server;
        }

        Offer prefix(String value) {
            prefix = value;
            return this;
        }

        Offer filter(ToolFilter value) {
            filter = value;
            return this;
        }

        Offer tools(String... names) {
            tools.addAll(Offers.tools(names));
            return this;
        }

        Offer tool(Tool tool) {
            tools.add(tool);
            return this;
        }

        Offer prompts(String... names) {
            Arrays.stream(names).forEach(n -> prompts.add(Prompt.of(n, "Prompt " + n)));
            return this;
        }

        Offer resources(String... uris) {
            Arrays.stream(uris).forEach(uri -> resources.add(Resource.of(uri, uri, null, "text/plain")));
            return this;
        }

        Offer templates(String... uriTemplates) {
            Arrays.stream(uriTemplates).forEach(t -> templates.add(ResourceTemplate.of(t, t, null, null)));
            return this;
        }

        /** Skill entries named {@code names}, each at {@code skill://<server>/<name>/SKILL.md}, listing no files. */
        Offer skills(String... names) {
            Arrays.stream(names).forEach(n -> skills.add(Skill.of("skill://" + server + "/" + n + "/SKILL.md",
                    JsonCodec.get().newObject().put("name", n).put("description", "Skill " + n), List.of())));
            return this;
        }

        ServerOffer build() {
            return new ServerOffer(server, prefix, filter, tools, prompts, resources, templates, skills);
        }
    }
}
