package io.mcphost.server.internal;

import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.ToolExecution;
import io.mcphost.server.CompletionHandler;
import io.mcphost.server.InteractivePromptHandler;
import io.mcphost.server.InteractiveResourceReader;
import io.mcphost.server.SealingKeys;
import io.mcphost.server.ServerRequestObserver;
import io.mcphost.server.SubscriptionListener;
import io.mcphost.server.ToolHandler;
import io.mcphost.server.Visibility;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything a server offers: settings fixed at build time, and the {@link Offer} (tools, resources,
 * templates, prompts), which is fixed too unless the server was built to follow a changing catalog
 * (a gateway's). Each accessor reads the offer current at that moment, so one request sees one
 * offer per read; a request that lists and then calls may see two. Thread-safe.
 */
public final class Registry {
    private static final Logger LOG = LoggerFactory.getLogger(Registry.class);
    private final Implementation info;
    private final Optional<String> instructions;
    private final Optional<CompletionHandler> completions;
    private final int pageSize;
    private final Duration taskPollInterval;
    private final Duration maxTaskTtl;
    private final Optional<ServerRequestObserver> observer;
    private final boolean changing;
    private final boolean validateArguments;
    private final Optional<SubscriptionListener> subscriptionListener;
    private final AtomicReference<Offer> offer;
    /** Run once before the offer is first read; see {@link #current()}. */
    private final Optional<Runnable> beforeFirstUse;
    private final ReentrantLock preparing = new ReentrantLock();
    private volatile boolean prepared;
    /** The skills (Skills extension): fixed at build time, beside the offer, which they outlive when it is replaced. */
    private final SkillCatalog skills;
    /** Who sees and uses what, per request; everything for everyone when empty. */
    private final Optional<Visibility> visibility;
    /** What state handed to clients is sealed under: random to this process unless replicas share keys. */
    private final SealingKeys sealing;
    private volatile String taskIdPrefix = "";

    public Registry(Implementation info, Optional<String> instructions, Offer offer, Optional<CompletionHandler> completions,
                    int pageSize, Duration taskPollInterval, Duration maxTaskTtl, Optional<ServerRequestObserver> observer,
                    boolean changing, boolean validateArguments, Optional<SubscriptionListener> subscriptionListener,
                    Optional<Runnable> beforeFirstUse) {
        this(info, instructions, offer, completions, pageSize, taskPollInterval, maxTaskTtl, observer, changing,
                validateArguments, subscriptionListener, beforeFirstUse, SkillCatalog.EMPTY);
    }

    public Registry(Implementation info, Optional<String> instructions, Offer offer, Optional<CompletionHandler> completions,
                    int pageSize, Duration taskPollInterval, Duration maxTaskTtl, Optional<ServerRequestObserver> observer,
                    boolean changing, boolean validateArguments, Optional<SubscriptionListener> subscriptionListener,
                    Optional<Runnable> beforeFirstUse, SkillCatalog skills) {
        this(info, instructions, offer, completions, pageSize, taskPollInterval, maxTaskTtl, observer, changing,
                validateArguments, subscriptionListener, beforeFirstUse, skills, Optional.empty(), SealingKeys.random());
    }

    public Registry(Implementation info, Optional<String> instructions, Offer offer, Optional<CompletionHandler> completions,
                    int pageSize, Duration taskPollInterval, Duration maxTaskTtl, Optional<ServerRequestObserver> observer,
                    boolean changing, boolean validateArguments, Optional<SubscriptionListener> subscriptionListener,
                    Optional<Runnable> beforeFirstUse, SkillCatalog skills, Optional<Visibility> visibility,
                    SealingKeys sealing) {
        this.sealing = Objects.requireNonNull(sealing, "sealing");
        this.visibility = Objects.requireNonNull(visibility, "visibility");
        this.skills = Objects.requireNonNull(skills, "skills");
        this.info = info;
        this.beforeFirstUse = beforeFirstUse;
        this.prepared = beforeFirstUse.isEmpty();
        this.instructions = instructions;
        this.offer = new AtomicReference<>(Objects.requireNonNull(offer, "offer"));
        this.completions = completions;
        this.pageSize = pageSize;
        this.taskPollInterval = taskPollInterval;
        this.maxTaskTtl = maxTaskTtl;
        this.observer = observer;
        this.changing = changing;
        this.validateArguments = validateArguments;
        this.subscriptionListener = subscriptionListener;
    }

    /**
     * The offer now, after the server's first-use preparation ran (once, on the first reader's thread,
     * while later readers wait for it; a reader on the preparing thread itself, as when the preparation
     * replaces the offer, reads it as it stands).
     */
    private Offer current() {
        if (!prepared && !preparing.isHeldByCurrentThread()) {
            preparing.lock();
            try {
                if (!prepared) {
                    beforeFirstUse.orElseThrow().run();
                }
            } catch (RuntimeException e) {
                LOG.warn("the server's first-use preparation failed; serving its offer as it stands", e);
            } finally {
                prepared = true;
                preparing.unlock();
            }
        }
        return offer.get();
    }

    /** Who hears a resource URI's first subscriber and its last going; see {@link SubscriptionListener}. */
    public Optional<SubscriptionListener> subscriptionListener() {
        return subscriptionListener;
    }

    /**
     * Tools, resources, templates and prompts, as one immutable value; tools keep their registration order.
     * {@code taskTools}: whether some tool may run as a task (asked for every request, so known once per offer).
     */
    public record Offer(Map<String, ToolEntry> toolsByName, List<ToolEntry> tools, List<ResourceEntry> resources,
                        List<TemplateEntry> templates, List<PromptEntry> prompts, boolean taskTools) {
        public static final Offer EMPTY = of(List.of(), List.of(), List.of(), List.of());

        public static Offer of(List<ToolEntry> tools, List<ResourceEntry> resources, List<TemplateEntry> templates,
                               List<PromptEntry> prompts) {
            Map<String, ToolEntry> byName = new LinkedHashMap<>();
            tools.forEach(t -> byName.put(t.tool().name(), t));
            boolean taskTools = tools.stream().anyMatch(e -> e.tool().taskSupport() != ToolExecution.TaskSupport.FORBIDDEN);
            return new Offer(Map.copyOf(byName), List.copyOf(tools), List.copyOf(resources), List.copyOf(templates),
                    List.copyOf(prompts), taskTools);
        }
    }

    /**
     * Swaps the offer; returns the list notifications that are due ({@code tools}, {@code prompts},
     * {@code resources}) because that list now differs from before.
     */
    public List<String> replace(Offer next) {
        Offer before = offer.getAndSet(Objects.requireNonNull(next, "next"));
        List<String> changed = new java.util.ArrayList<>(3);
        if (!before.tools().stream().map(ToolEntry::tool).toList().equals(next.tools().stream().map(ToolEntry::tool).toList())) {
            changed.add("tools");
        }
        if (!before.prompts().stream().map(PromptEntry::prompt).toList()
                .equals(next.prompts().stream().map(PromptEntry::prompt).toList())) {
            changed.add("prompts");
        }
        if (!before.resources().stream().map(ResourceEntry::resource).toList()
                .equals(next.resources().stream().map(ResourceEntry::resource).toList())
                || !before.templates().stream().map(TemplateEntry::template).toList()
                .equals(next.templates().stream().map(TemplateEntry::template).toList())) {
            changed.add("resources");
        }
        return changed;
    }

    public Implementation info() {
        return info;
    }

    public Optional<String> instructions() {
        return instructions;
    }

    public Map<String, ToolEntry> toolsByName() {
        return current().toolsByName();
    }

    public List<ToolEntry> tools() {
        return current().tools();
    }

    /** The offer's resources, then every skill's files. */
    public List<ResourceEntry> resources() {
        List<ResourceEntry> offered = current().resources();
        if (skills.isEmpty()) {
            return offered;
        }
        List<ResourceEntry> all = new java.util.ArrayList<>(offered);
        all.addAll(skills.resources());
        return all;
    }

    /** The skills served (Skills extension); empty for most servers. */
    public SkillCatalog skills() {
        return skills;
    }

    public List<TemplateEntry> templates() {
        return current().templates();
    }

    public List<PromptEntry> prompts() {
        return current().prompts();
    }

    public Optional<CompletionHandler> completions() {
        return completions;
    }

    public int pageSize() {
        return pageSize;
    }

    public Duration taskPollInterval() {
        return taskPollInterval;
    }

    /**
     * What every task id starts with: empty, or, when replicas share this server's clients, the sealed
     * origin of this replica and {@code ~}, so that another replica passes a task's requests on to it.
     */
    public String taskIdPrefix() {
        return taskIdPrefix;
    }

    /** Sets {@link #taskIdPrefix()}: once, by the HTTP server, before it serves its first request. */
    public void taskIdPrefix(String prefix) {
        this.taskIdPrefix = Objects.requireNonNull(prefix, "prefix");
    }

    /** The keys client-held state is sealed under (see {@link io.mcphost.server.McpServer.Builder#sealingKeys}). */
    public SealingKeys sealing() {
        return sealing;
    }

    public Duration maxTaskTtl() {
        return maxTaskTtl;
    }

    public Optional<ServerRequestObserver> observer() {
        return observer;
    }

    /** Whether tool arguments are checked against the tool's input schema here (off for a gateway: its upstream checks). */
    public boolean validatesArguments() {
        return validateArguments;
    }

    /** Whether the server announces tools: it has some, or its offer may change. */
    public boolean offersTools() {
        return changing || !tools().isEmpty();
    }

    /** Whether the server announces prompts: it has some, or its offer may change. */
    public boolean offersPrompts() {
        return changing || !prompts().isEmpty();
    }

    /** Whether the server announces resources: it has resources or templates, or its offer may change. */
    public boolean offersResources() {
        Offer now = current();
        return changing || !now.resources().isEmpty() || !now.templates().isEmpty() || !skills.isEmpty();
    }

    /** Whether some tool may run as a task, so the server announces tasks. */
    public boolean hasTaskTools() {
        return current().taskTools();
    }

    public record ToolEntry(Tool tool, ToolHandler handler) {
    }

    public record ResourceEntry(Resource resource, InteractiveResourceReader reader) {
    }

    public record PromptEntry(Prompt prompt, InteractivePromptHandler handler) {
    }

    /** A template with the pattern its URIs match: each {@code {var}} matches one path segment. */
    public record TemplateEntry(ResourceTemplate template, InteractiveResourceReader reader, Pattern pattern) {
        public static TemplateEntry of(ResourceTemplate template, InteractiveResourceReader reader) {
            Matcher vars = Pattern.compile("\\{[^}]+}").matcher(template.uriTemplate());
            StringBuilder regex = new StringBuilder();
            int last = 0;
            while (vars.find()) {
                regex.append(Pattern.quote(template.uriTemplate().substring(last, vars.start()))).append("[^/]+");
                last = vars.end();
            }
            regex.append(Pattern.quote(template.uriTemplate().substring(last)));
            return new TemplateEntry(template, reader, Pattern.compile(regex.toString()));
        }
    }

    /**
     * Whether the caller of the request this thread serves may see or use an entry ({@link Visibility});
     * always with no visibility set. A visibility that throws hides the entry.
     */
    boolean visible(Visibility.Kind kind, String name, String method) {
        if (visibility.isEmpty()) {
            return true;
        }
        try {
            return visibility.get().visible(CallerContext.current(), kind, name, method);
        } catch (RuntimeException e) {
            LOG.warn("the server's visibility failed on {} {}; it is hidden", kind, name, e);
            return false;
        }
    }

    /** Whether what is listed depends on the caller (a visibility is set). */
    public boolean perCaller() {
        return visibility.isPresent();
    }

    /** The tools the current caller may see, for {@code tools/list}. */
    List<ToolEntry> listedTools() {
        return visibility.isEmpty() ? tools()
                : tools().stream().filter(t -> visible(Visibility.Kind.TOOL, t.tool().name(), "tools/list")).toList();
    }

    /** The resources the current caller may see, for {@code resources/list}. */
    List<ResourceEntry> listedResources() {
        return visibility.isEmpty() ? resources() : resources().stream()
                .filter(r -> visible(Visibility.Kind.RESOURCE, r.resource().uri(), "resources/list")).toList();
    }

    /** The templates the current caller may see, for {@code resources/templates/list}. */
    List<TemplateEntry> listedTemplates() {
        return visibility.isEmpty() ? templates() : templates().stream().filter(t -> visible(
                Visibility.Kind.RESOURCE_TEMPLATE, t.template().uriTemplate(), "resources/templates/list")).toList();
    }

    /** The prompts the current caller may see, for {@code prompts/list}. */
    List<PromptEntry> listedPrompts() {
        return visibility.isEmpty() ? prompts() : prompts().stream()
                .filter(p -> visible(Visibility.Kind.PROMPT, p.prompt().name(), "prompts/list")).toList();
    }

    /** The tool {@code name}, if the current caller may use it by {@code method}. */
    Optional<ToolEntry> tool(String name, String method) {
        return Optional.ofNullable(toolsByName().get(name)).filter(t -> visible(Visibility.Kind.TOOL, name, method));
    }

    /** The prompt {@code name}, if the current caller may use it by {@code method}. */
    Optional<PromptEntry> prompt(String name, String method) {
        return prompts().stream().filter(p -> p.prompt().name().equals(name)).findFirst()
                .filter(p -> visible(Visibility.Kind.PROMPT, name, method));
    }

    /** The template {@code uriTemplate}, if the current caller may use it by {@code method}. */
    Optional<TemplateEntry> template(String uriTemplate, String method) {
        return templates().stream().filter(e -> e.template().uriTemplate().equals(uriTemplate)).findFirst()
                .filter(t -> visible(Visibility.Kind.RESOURCE_TEMPLATE, uriTemplate, method));
    }

    /**
     * The reader of {@code uri} (a listed resource, else the first template it matches), if the current
     * caller may use that entry by {@code method}.
     */
    Optional<InteractiveResourceReader> readerFor(String uri, String method) {
        Offer now = current();
        Optional<ResourceEntry> listed = java.util.stream.Stream.concat(now.resources().stream(), skills.resources().stream())
                .filter(r -> r.resource().uri().equals(uri)).findFirst();
        if (listed.isPresent()) {
            return listed.filter(r -> visible(Visibility.Kind.RESOURCE, uri, method)).map(ResourceEntry::reader);
        }
        return now.templates().stream().filter(t -> t.pattern().matcher(uri).matches()).findFirst()
                .filter(t -> visible(Visibility.Kind.RESOURCE_TEMPLATE, t.template().uriTemplate(), method))
                .map(TemplateEntry::reader);
    }
}
