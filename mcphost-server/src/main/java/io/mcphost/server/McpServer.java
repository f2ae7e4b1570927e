package io.mcphost.server;

import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.internal.Settings;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.protocol.skills.SkillsProtocol;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.internal.Dispatcher;
import io.mcphost.server.internal.Registry;
import io.mcphost.server.internal.SkillCatalog;
import io.mcphost.server.skills.SkillDirectory;
import io.mcphost.transport.Transport;
import io.mcphost.transport.stdio.StdioTransport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A small MCP server: tools, resources, resource templates and prompts, served over any
 * {@link Transport} (stdio for a child process, the in-memory pair for tests and embedding).
 *
 * <pre>{@code
 * McpServer server = McpServer.builder().name("notes").version("1.0")
 *         .tool(Tool.of("echo", "Echoes its text", schema), call -> CallToolResult.text(call.arguments().path("text").asString()))
 *         .build();
 * server.serveStdio();   // in main: until stdin ends
 * }</pre>
 *
 * <p>Thread-safe; what it offers is fixed once built (unless built with {@link Builder#changingOffer()}), and one server can serve many connections at
 * once (it keeps track of them, so that {@link #notifyResourceUpdated} and the
 * {@code notify...ListChanged} methods reach every client). Each
 * request runs on its own virtual thread, so a slow tool never delays a ping or another call. The
 * server speaks the handshake revisions 2024-11-05, 2025-03-26, 2025-06-18 and 2025-11-25: it
 * echoes the client's revision when it is one of these and answers 2025-11-25 otherwise. Beside
 * them, on the same connection or endpoint, it serves 2026-07-28 statelessly: a request whose
 * {@code _meta} declares a revision, that uses a method only 2026-07-28 has, or (over HTTP) whose
 * {@code MCP-Protocol-Version} header names 2026-07-28 is answered on its own
 * ({@link io.mcphost.protocol.EraRule}; {@code server/discover}, input rounds instead of
 * server-to-client requests, {@code subscriptions/listen}, the tasks extension), see
 * {@link ClientInput} and {@link ToolCall#continueAsTask()}. It
 * announces only the capabilities it has something for (tools, resources, prompts, completions),
 * plus logging; tools, prompts and resources with {@code listChanged}, resources with {@code subscribe};
 * the Skills extension ({@code io.modelcontextprotocol/skills}) when it serves a skill ({@link Builder#skill});
 * and tasks (2025-11-25, experimental) when a tool may run as one: such a call
 * is answered at once with a task the client polls, bound to its connection. Handlers never crash the server: a tool's exception becomes an {@code isError}
 * result, any other handler's a JSON-RPC error.
 */
public final class McpServer {
    private final Registry registry;
    /** Every request, on every transport and in either era, goes through it. */
    private final Dispatcher dispatcher;

    private final boolean changing;

    private McpServer(Registry registry, boolean changing) {
        this.registry = registry;
        this.changing = changing;
        this.dispatcher = new Dispatcher(registry);
    }

    /** A builder for a server with nothing registered yet, named {@code mcphost-server} 0.1.0. */
    public static Builder builder() {
        return new Builder();
    }

    /** The name and version this server reports in {@code initialize}. */
    public Implementation serverInfo() {
        return registry.info();
    }

    /**
     * Serves one connection: starts {@code transport} and returns at once, once messages can flow.
     * The returned session ends when the client goes away or it is closed.
     *
     * @throws io.mcphost.protocol.McpTransportException if the transport cannot start
     */
    public ServerSession serve(Transport transport) {
        Objects.requireNonNull(transport, "transport");
        // The first request (initialize, discover) needs Jackson's mapper for its records: on a cold JVM
        // it is built while the client connects and writes, not after the request arrived.
        io.mcphost.protocol.internal.JsonCodec.get().prepare();
        return dispatcher.open(transport);
    }

    /**
     * Tells every client that subscribed to {@code uri} ({@code resources/subscribe}) that the resource
     * changed, with {@code notifications/resources/updated}; other clients hear nothing. Call it after
     * the change is visible to {@code resources/read}. Writes to each subscribed connection in turn on
     * the calling thread (a stdio client that does not read its pipe can block it); a connection that
     * fails is logged and skipped.
     *
     * @return how many sessions were told
     */
    public int notifyResourceUpdated(String uri) {
        Objects.requireNonNull(uri, "uri");
        return dispatcher.notifyResourceUpdated(uri);
    }

    /**
     * Sends {@code notifications/tools/list_changed} to every initialized session, writing like
     * {@link #notifyResourceUpdated}.
     */
    public void notifyToolsListChanged() {
        dispatcher.notifyListChanged(McpMethod.NOTIFICATIONS_TOOLS_LIST_CHANGED);
    }

    /**
     * Sends {@code notifications/prompts/list_changed} to every initialized session, writing like
     * {@link #notifyResourceUpdated}.
     */
    public void notifyPromptsListChanged() {
        dispatcher.notifyListChanged(McpMethod.NOTIFICATIONS_PROMPTS_LIST_CHANGED);
    }

    /**
     * Sends {@code notifications/resources/list_changed} to every initialized session, writing like
     * {@link #notifyResourceUpdated}.
     */
    public void notifyResourcesListChanged() {
        dispatcher.notifyListChanged(McpMethod.NOTIFICATIONS_RESOURCES_LIST_CHANGED);
    }

    /**
     * Replaces what this server offers, for a server built with {@link Builder#changingOffer()}:
     * requests that start afterwards see the new offer, and every session hears
     * {@code notifications/.../list_changed} (legacy sessions and 2026-07-28 listen streams) for each
     * list that differs from before. Writes like {@link #notifyResourceUpdated}.
     *
     * @throws IllegalStateException if the server was not built with {@link Builder#changingOffer()}
     */
    public void offer(ServerOffer offer) {
        Objects.requireNonNull(offer, "offer");
        if (!changing) {
            throw new IllegalStateException("this server's offer is fixed; build it with changingOffer() to replace it");
        }
        for (String list : registry.replace(offer.contents())) {
            switch (list) {
                case "tools" -> notifyToolsListChanged();
                case "prompts" -> notifyPromptsListChanged();
                default -> notifyResourcesListChanged();
            }
        }
    }

    /**
     * Serves this process's stdin and stdout, blocking until stdin ends (the client closed it or
     * exited). For {@code main} methods: while this runs, nothing but protocol messages may be
     * written to {@code System.out}; diagnostics go to {@code System.err}.
     *
     * @throws InterruptedException if the calling thread is interrupted; the connection is closed first
     */
    public void serveStdio() throws InterruptedException {
        ServerSession session = serve(StdioTransport.overStreams(registry.info().name(), System.in, System.out));
        try {
            session.awaitClose();
        } catch (InterruptedException e) {
            session.close(Duration.ofSeconds(1));
            throw e;
        }
    }

    /** Configures an {@link McpServer}. Not thread-safe; {@link #build()} may be called many times. */
    public static final class Builder {
        private Implementation info = Implementation.of("mcphost-server", "0.1.0");
        private Optional<String> instructions = Optional.empty();
        private ServerOffer.Builder offer = ServerOffer.builder();
        private boolean changing;
        private boolean validateArguments = true;
        private CompletionHandler completions;
        private int pageSize = 100;
        private Duration taskPollInterval = Duration.ofSeconds(1);
        private Duration maxTaskTtl = Duration.ofHours(1);
        private ServerRequestObserver observer;
        private SubscriptionListener subscriptionListener;
        private Runnable beforeFirstUse;
        private Visibility visibility;
        private SealingKeys sealing;
        private final java.util.List<SkillDirectory> skills = new java.util.ArrayList<>();

        private Builder() {
        }

        /** The name, version and optional details reported in {@code initialize}. */
        public Builder serverInfo(Implementation info) {
            this.info = Objects.requireNonNull(info, "info");
            return this;
        }

        /** Shortcut for {@code serverInfo(Implementation.of(name, version))}. */
        public Builder serverInfo(String name, String version) {
            return serverInfo(Implementation.of(name, version));
        }

        /** The server's name, keeping the other details of {@link #serverInfo}. */
        public Builder name(String name) {
            Objects.requireNonNull(name, "name");
            return serverInfo(new Implementation(name, info.title(), info.version(), info.description(), info.icons(),
                    info.websiteUrl()));
        }

        /** The server's version, keeping the other details of {@link #serverInfo}. */
        public Builder version(String version) {
            Objects.requireNonNull(version, "version");
            return serverInfo(new Implementation(info.name(), info.title(), version, info.description(), info.icons(),
                    info.websiteUrl()));
        }

        /** Usage hints sent to the client in {@code initialize}. */
        public Builder instructions(String instructions) {
            this.instructions = Optional.of(Objects.requireNonNull(instructions, "instructions"));
            return this;
        }

        /** Registers a tool; see {@link ServerOffer.Builder#tool}. */
        public Builder tool(Tool tool, ToolHandler handler) {
            offer.tool(tool, handler);
            return this;
        }

        /** Registers a resource with a fixed URI. */
        public Builder resource(Resource resource, ResourceReader reader) {
            offer.resource(resource, reader);
            return this;
        }

        /**
         * Registers a resource with a fixed URI whose reader may talk to the client while reading: ask
         * for input ({@link ClientInput}) or log ({@link ClientLog}).
         */
        public Builder resource(Resource resource, InteractiveResourceReader reader) {
            offer.resource(resource, reader);
            return this;
        }

        /** A resource template; {@code reader} receives the concrete URIs that match it. */
        public Builder resourceTemplate(ResourceTemplate template, ResourceReader reader) {
            offer.resourceTemplate(template, reader);
            return this;
        }

        /**
         * A resource template whose reader receives the concrete URIs that match it and may talk to the
         * client while reading: ask for input ({@link ClientInput}) or log ({@link ClientLog}).
         */
        public Builder resourceTemplate(ResourceTemplate template, InteractiveResourceReader reader) {
            offer.resourceTemplate(template, reader);
            return this;
        }

        /** Registers a prompt; its required arguments are checked before {@code handler} runs. */
        public Builder prompt(Prompt prompt, PromptHandler handler) {
            offer.prompt(prompt, handler);
            return this;
        }

        /**
         * Registers a prompt whose handler may ask the client for input first (elicitation, sampling,
         * roots; see {@link ClientInput}) or log ({@link ClientLog}); its required arguments are checked
         * before {@code handler} runs.
         */
        public Builder prompt(Prompt prompt, InteractivePromptHandler handler) {
            offer.prompt(prompt, handler);
            return this;
        }

        /**
         * Serves a skill (Skills extension, {@code io.modelcontextprotocol/skills}): its entry in
         * {@code skills/list} and {@code skills/get}, each of its files as a resource ({@code resources/list},
         * {@code resources/read}) and its directories through {@code resources/directory/read}. A server with
         * a skill announces the extension (with {@code directoryRead}) and resources, in either era. Skills
         * stay when the offer is replaced ({@link McpServer#offer}).
         *
         * @throws IllegalArgumentException if a skill with the same URI is already registered
         */
        public Builder skill(SkillDirectory skill) {
            Objects.requireNonNull(skill, "skill");
            if (skills.stream().anyMatch(s -> s.uri().equals(skill.uri()))) {
                throw new IllegalArgumentException("a skill at '" + skill.uri() + "' is already registered");
            }
            skills.add(skill);
            return this;
        }

        /**
         * Loads and serves ({@link #skill}) every direct subdirectory of {@code parent} that has a
         * {@code SKILL.md}, in name order, each under its directory's name ({@link SkillDirectory#load(Path)}).
         *
         * @throws IllegalArgumentException if {@code parent} is not a directory or one of the skills is invalid
         * @throws java.io.UncheckedIOException if a directory cannot be read
         */
        public Builder skillsFrom(Path parent) {
            Objects.requireNonNull(parent, "parent");
            if (!Files.isDirectory(parent)) {
                throw new IllegalArgumentException("skills directory " + parent + " is not a directory");
            }
            try (Stream<Path> children = Files.list(parent)) {
                children.filter(dir -> Files.isDirectory(dir) && Files.exists(dir.resolve(SkillsProtocol.SKILL_FILE)))
                        .sorted().toList().forEach(dir -> skill(SkillDirectory.load(dir)));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException("listing skills directory " + parent + " failed: " + e.getMessage(), e);
            }
            return this;
        }

        /**
         * Starts from {@code initial} instead of what was registered so far (which is dropped); the
         * registering methods add to it afterwards.
         */
        public Builder offer(ServerOffer initial) {
            Objects.requireNonNull(initial, "initial");
            this.offer = ServerOffer.builder();
            initial.contents().tools().forEach(e -> offer.tool(e.tool(), e.handler()));
            initial.contents().resources().forEach(e -> offer.resource(e.resource(), e.reader()));
            initial.contents().templates().forEach(e -> offer.resourceTemplate(e.template(), e.reader()));
            initial.contents().prompts().forEach(e -> offer.prompt(e.prompt(), e.handler()));
            return this;
        }

        /**
         * The offer may change after the server is built ({@link McpServer#offer(ServerOffer)}): the
         * server then announces tools, prompts and resources (with {@code listChanged}) even while a
         * list is empty, since it may fill later. Off unless set: a fixed server announces only what it
         * has.
         */
        public Builder changingOffer() {
            this.changing = true;
            return this;
        }

        /**
         * Whether tool arguments are checked against the tool's input schema before its handler runs
         * (on unless set). A server that forwards calls to another server that checks them (a gateway)
         * turns it off, so that a schema feature this toolkit reads differently never refuses a valid call.
         */
        public Builder validateToolArguments(boolean validate) {
            this.validateArguments = validate;
            return this;
        }

        /** Enables {@code completion/complete} and announces the completions capability. */
        public Builder completions(CompletionHandler handler) {
            this.completions = Objects.requireNonNull(handler, "handler");
            return this;
        }

        /** Items per page of every list ({@code tools/list} and the others); 100 unless set. */
        public Builder pageSize(int pageSize) {
            this.pageSize = Settings.positive(pageSize, "pageSize");
            return this;
        }

        /**
         * The {@code pollInterval} suggested to clients polling a task; 1 s unless set. Tasks are served
         * when a tool is registered with {@code execution.taskSupport} {@code optional} or {@code required}
         * ({@code tool.withExecution(ToolExecution.of(TaskSupport.OPTIONAL))}).
         */
        public Builder taskPollInterval(Duration interval) {
            this.taskPollInterval = Settings.positive(interval, "taskPollInterval");
            return this;
        }

        /**
         * How long a task is kept after its creation at most, result included; 1 hour unless set. A client
         * asking for less gets less; one asking for more, or nothing, gets this.
         */
        public Builder maxTaskTtl(Duration ttl) {
            this.maxTaskTtl = Settings.positive(ttl, "maxTaskTtl");
            return this;
        }

        /**
         * Observes every request clients send, around its handler (tracing: a server span that
         * continues the client's trace); see {@link ServerRequestObserver}. One at most; off unless set.
         */
        public Builder observer(ServerRequestObserver observer) {
            this.observer = Objects.requireNonNull(observer, "observer");
            return this;
        }

        /**
         * Hears when a resource gains its first subscriber and loses its last (over every session and
         * listen stream); see {@link SubscriptionListener}. One at most; off unless set.
         */
        public Builder subscriptionListener(SubscriptionListener listener) {
            this.subscriptionListener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /**
         * Runs {@code prepare} once, before the first request that reads this server's offer (its
         * handshake, a list, a call…) reads it, on that request's thread; requests that arrive meanwhile
         * wait for it. For a server whose offer fills on demand: a gateway starts its upstream servers on
         * first use this way, and replaces the offer ({@link McpServer#offer}) before returning. An
         * exception it throws is logged and the offer is served as it stands. None unless set.
         */
        public Builder beforeFirstUse(Runnable prepare) {
            this.beforeFirstUse = Objects.requireNonNull(prepare, "prepare");
            return this;
        }

        /**
         * Shows each request's caller ({@link Caller#current()}) only the entries {@code visibility}
         * allows: the others are left out of the lists and answered as unknown names when used (see
         * {@link Visibility}); 2026-07-28 lists are then marked private to the caller, not public.
         * Everything for everyone unless set.
         */
        public Builder visibility(Visibility visibility) {
            this.visibility = Objects.requireNonNull(visibility, "visibility");
            return this;
        }

        /**
         * The keys under which the state this server hands its clients is sealed: 2026-07-28
         * {@code requestState}s and, over Streamable HTTP, handshake-era session ids (see
         * {@link io.mcphost.server.http.StreamableHttpServer}). Replicas behind a load balancer that share
         * these keys accept each other's state, with no shared store and no sticky sessions. A key
         * random to this process unless set.
         */
        public Builder sealingKeys(SealingKeys keys) {
            this.sealing = Objects.requireNonNull(keys, "keys");
            return this;
        }

        /** Builds the server. Does no I/O. */
        public McpServer build() {
            return new McpServer(new Registry(info, instructions, offer.build().contents(), Optional.ofNullable(completions),
                    pageSize, taskPollInterval, maxTaskTtl, Optional.ofNullable(observer), changing, validateArguments,
                    Optional.ofNullable(subscriptionListener), Optional.ofNullable(beforeFirstUse), new SkillCatalog(skills),
                    Optional.ofNullable(visibility), sealing == null ? SealingKeys.random() : sealing), changing);
        }
    }
}
