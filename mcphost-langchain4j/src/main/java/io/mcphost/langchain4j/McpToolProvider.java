package io.mcphost.langchain4j;

import io.mcphost.host.ModelText;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolProvider;
import dev.langchain4j.service.tool.ToolProviderRequest;
import dev.langchain4j.service.tool.ToolProviderResult;
import io.mcphost.client.CallOptions;
import io.mcphost.host.Catalog;
import io.mcphost.host.CatalogView;
import io.mcphost.host.HostTool;
import io.mcphost.host.McpHost;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.ToolAnnotations;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A LangChain4j {@link ToolProvider} that offers every tool of an {@link McpHost} to an AI service:
 * {@code AiServices.builder(Assistant.class).chatModel(model).toolProvider(McpToolProvider.of(host))}.
 *
 * <p><b>Specifications.</b> Each catalog tool becomes a {@link ToolSpecification} named by its exposed
 * name (so the model's request maps straight back to the host), described by its description (else
 * its title), with its input schema translated element by element. What LangChain4j's schema model
 * cannot express is never dropped in silence: see {@link SchemaIssue} and {@link #schemaIssues()}. Logger
 * {@code io.mcphost.langchain4j.McpToolProvider} says it once per catalog change, for what it has not said
 * before: one WARN line naming every approximation (the model is told something else than the schema
 * says), one DEBUG line for keywords moved into descriptions (the model still reads them, in words).
 *
 * <p><b>Execution.</b> Every call goes through {@link McpHost#callTool(String, JsonNode, CallOptions)},
 * so the host's interceptors (approval, telemetry, ...) apply. A result with {@code isError} becomes a
 * LangChain4j error result whose text is the tool's own error text, which is what the model reads; an
 * {@link McpException} (timeout, server unavailable, unknown tool) is turned into such an error result
 * too, so the model can react to it. Any other exception (for example one thrown by an interceptor)
 * propagates to LangChain4j's tool error handling.
 *
 * <p><b>Freshness.</b> The provider is dynamic ({@link #isDynamic()}): AI services ask it on every
 * request. It compares the host's catalog snapshot with the one it last translated, and translates
 * again only after a change (a server came, went, or sent {@code list_changed}), so no event listener
 * has to be wired and an unchanged catalog costs one reference comparison.
 *
 * <p><b>Resources and prompts</b> can be offered as two synthetic tools, {@code read_resource(uri)}
 * and {@code get_prompt(name, arguments)}, see {@link Builder#resourceTool(boolean)} and
 * {@link Builder#promptTool(boolean)}; {@link McpContents} turns them into LangChain4j messages and
 * content for applications that put them into the conversation themselves.
 *
 * <p><b>Skills</b> (the Skills extension) can be offered as three synthetic tools, {@code list_skills},
 * {@code load_skill(name)} and {@code read_skill_file(name, path)}, see {@link Builder#skills(boolean)}: a
 * skill's instructions reach the model only when it asks, verified against what its server listed and
 * tagged as that server's untrusted text; a refused skill or file is an error result saying why.
 *
 * <p>Thread-safe: one provider may serve many AI services and concurrent conversations. Tool
 * executions block the calling thread for at most the call's deadline (see {@link CallOptions}).
 */
public final class McpToolProvider implements ToolProvider {
    private static final Logger log = LoggerFactory.getLogger(McpToolProvider.class);
    static final JsonMapper JSON = JsonMapper.builder().build();

    private final McpHost host;
    /** The options of one tool call, from the AI service invocation it belongs to. */
    private final Function<InvocationContext, CallOptions> callOptions;
    private final Predicate<HostTool> filter;
    private final SyntheticTools synthetic;
    /** Null unless {@link Builder#skills(boolean)} enabled them. */
    private final SkillTools skills;
    /** "tool: issue" lines already logged, so each problem is logged once, not on every request. */
    private final Set<String> warned = ConcurrentHashMap.newKeySet();
    /** The catalog as the framework sees it, translated again only when the catalog changed. */
    private final CatalogView<Translation> translations;

    private McpToolProvider(Builder builder) {
        this.host = builder.host;
        this.translations = CatalogView.of(this.host, this::translate);
        this.callOptions = builder.callOptions;
        this.filter = builder.filter;
        this.synthetic = new SyntheticTools(builder.host, builder.resourceTool ? builder.resourceToolName : null,
                builder.promptTool ? builder.promptToolName : null);
        this.skills = builder.skills ? new SkillTools(builder.host) : null;
    }

    /** A provider for all the host's tools, without synthetic resource and prompt tools. */
    public static McpToolProvider of(McpHost host) {
        return builder(host).build();
    }

    /** A builder for a provider backed by {@code host}, which must be started (or start later) by the caller. */
    public static Builder builder(McpHost host) {
        return new Builder(host);
    }

    /**
     * The tools to offer for one request: the catalog's tools (and the synthetic ones, if enabled),
     * translated again if the catalog changed since the last request. Never blocks on I/O.
     */
    @Override
    public ToolProviderResult provideTools(ToolProviderRequest request) {
        return translation().result();
    }

    /** Always true: the catalog can change while an AI service lives, so it must ask on every request. */
    @Override
    public boolean isDynamic() {
        return true;
    }

    /** The specifications currently offered, in catalog order; the same as {@link #provideTools} would give. */
    public List<ToolSpecification> toolSpecifications() {
        return List.copyOf(translation().result().tools().keySet());
    }

    /**
     * Every place where the current catalog's schemas could not be expressed exactly, with what was
     * done instead; empty when every schema translated faithfully. Never blocks.
     */
    public List<SchemaIssue> schemaIssues() {
        return translation().issues();
    }

    private Translation translation() {
        return translations.get();
    }

    private Translation translate(Catalog catalog) {
        ToolProviderResult.Builder result = ToolProviderResult.builder();
        List<SchemaIssue> issues = new ArrayList<>();
        for (HostTool tool : catalog.tools()) {
            if (!filter.test(tool)) {
                continue;
            }
            SchemaMapper mapper = new SchemaMapper(tool.name());
            ToolSpecification specification = ToolSpecification.builder()
                    .name(tool.name())
                    .description(description(tool.tool()))
                    .parameters(mapper.root(tool.tool().inputSchema()))
                    .build();
            result.add(specification, new HostToolExecutor(tool.name()));
            issues.addAll(mapper.issues());
        }
        synthetic.addTo(result, catalog);
        if (skills != null) {
            skills.addTo(result, catalog);
        }
        report(issues);
        return new Translation(result.build(), List.copyOf(issues));
    }

    /**
     * Says, once, what this translation found that was not said before: the official servers' harmless
     * keywords ({@code default}, {@code minItems}) would otherwise fill a log with a WARN line per tool.
     */
    private void report(List<SchemaIssue> issues) {
        List<SchemaIssue> fresh = issues.stream().filter(issue -> warned.add(issue.toString())).toList();
        List<SchemaIssue> approximated = fresh.stream().filter(i -> i.kind() == SchemaIssue.Kind.APPROXIMATED).toList();
        if (!approximated.isEmpty()) {
            log.warn("{} part(s) of tool input schemas are offered to the model approximated, as LangChain4j's schema "
                    + "model cannot express them (McpToolProvider.schemaIssues()): {}", approximated.size(), listed(approximated));
        }
        if (log.isDebugEnabled() && approximated.size() < fresh.size()) {
            List<SchemaIssue> described = fresh.stream().filter(i -> i.kind() == SchemaIssue.Kind.DESCRIBED).toList();
            log.debug("{} schema keyword(s) without a LangChain4j field were moved into descriptions, where the model "
                    + "reads them: {}", described.size(), listed(described));
        }
    }

    private static String listed(List<SchemaIssue> issues) {
        return String.join("; ", issues.stream().map(SchemaIssue::toString).toList());
    }

    /** The description for a model: the tool's description, else its title, else the empty string. */
    private static String description(Tool tool) {
        return tool.description().filter(d -> !d.isBlank())
                .or(tool::title)
                .or(() -> tool.annotations().flatMap(ToolAnnotations::title))
                .orElse("");
    }

    /** The catalog snapshot a result was translated from, so a changed catalog is noticed by identity. */
    private record Translation(ToolProviderResult result, List<SchemaIssue> issues) { }

    /** Runs one catalog tool through the host. */
    private final class HostToolExecutor extends ModelToolExecutor {
        private final String name;

        HostToolExecutor(String name) {
            this.name = name;
        }

        @Override
        ToolExecutionResult call(JsonNode arguments, InvocationContext context) {
            CallToolResult result = host.callTool(name, arguments, callOptions.apply(context));
            return ToolExecutionResult.builder().isError(result.isError()).resultText(ModelText.of(result)).build();
        }
    }

    /** Settings for a {@link McpToolProvider}. Not thread-safe; {@link #build()} makes an immutable provider. */
    public static final class Builder {
        private final McpHost host;
        private Function<InvocationContext, CallOptions> callOptions = context -> CallOptions.defaults();
        private Predicate<HostTool> filter = tool -> true;
        private boolean resourceTool;
        private boolean promptTool;
        private boolean skills;
        private String resourceToolName = "read_resource";
        private String promptToolName = "get_prompt";

        private Builder(McpHost host) {
            this.host = Objects.requireNonNull(host, "host");
        }

        /** Options for every tool call (deadline, progress); default: the host's defaults. */
        public Builder callOptions(CallOptions options) {
            Objects.requireNonNull(options, "options");
            this.callOptions = context -> options;
            return this;
        }

        /**
         * Options made for each tool call from the AI service invocation it belongs to: its chat memory id
         * (the user or conversation) and the {@code InvocationParameters} the application passed. The way to
         * answer a server's questions per user: {@code context -> CallOptions.builder().elicitation(
         * formsOf(context.chatMemoryId())).build()} — the host must have an elicitation handler too, since
         * capabilities are announced from the host's settings (it answers questions no call claims). Called
         * on the thread that runs the tool; it must not return null.
         */
        public Builder callOptions(Function<InvocationContext, CallOptions> perCall) {
            Objects.requireNonNull(perCall, "perCall");
            this.callOptions = context -> Objects.requireNonNull(perCall.apply(context), "the call options function returned null");
            return this;
        }

        /** Which catalog tools to offer (on top of the host's own filters); default: all. */
        public Builder filter(Predicate<HostTool> filter) {
            this.filter = Objects.requireNonNull(filter, "filter");
            return this;
        }

        /**
         * Whether to offer a synthetic {@code read_resource(uri)} tool that reads any resource of the
         * catalog (its description lists the known URIs and templates); offered only while the catalog
         * has resources. Default: off, because reading is not a tool call and bypasses the host's
         * tool interceptors.
         */
        public Builder resourceTool(boolean enabled) {
            this.resourceTool = enabled;
            return this;
        }

        /**
         * Whether to offer a synthetic {@code get_prompt(name, arguments)} tool that returns a catalog
         * prompt's messages as text; offered only while the catalog has prompts. Default: off.
         */
        public Builder promptTool(boolean enabled) {
            this.promptTool = enabled;
            return this;
        }

        /**
         * Whether to offer the host's skills (Skills extension) as three synthetic tools, while the catalog has
         * skills: {@code list_skills} (each skill's name, server and description), {@code load_skill(name)}
         * (its instructions, only after their size, digest and frontmatter matched the skill's entry, read from
         * the server that listed it, tagged as that server's untrusted text; the description of this tool lists
         * the skills too) and {@code read_skill_file(name, path)} (one file the loaded skill's entry lists, from
         * the same server, verified the same way). A refused skill or file, an unlisted file, an unknown skill
         * and an unavailable server are error results that say so; nothing unverified reaches the model.
         * Frontmatter fields such as {@code allowed-tools} are never applied: a skill grants nothing. See
         * {@link io.mcphost.host.ModelSkills}. Default: off, because a skill is text from a server that the
         * model is asked to follow, and because loading it is not a tool call (tool interceptors do not see it).
         */
        public Builder skills(boolean enabled) {
            this.skills = enabled;
            return this;
        }

        /** The synthetic resource tool's name, if {@code read_resource} collides with a catalog tool. */
        public Builder resourceToolName(String name) {
            this.resourceToolName = SyntheticTools.checkName(name);
            return this;
        }

        /** The synthetic prompt tool's name, if {@code get_prompt} collides with a catalog tool. */
        public Builder promptToolName(String name) {
            this.promptToolName = SyntheticTools.checkName(name);
            return this;
        }

        /** The provider. Does no I/O: the catalog is read on each request. */
        public McpToolProvider build() {
            return new McpToolProvider(this);
        }
    }
}
