package io.mcphost.cli;

import io.mcphost.config.ServerConfig;
import io.mcphost.protocol.tools.CallToolResult;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The {@code mcphost} command: the options every command inherits (which server: {@link ConnectionOptions};
 * output and interaction: here) and how a command opens what they name. Each command is a class of its
 * own in {@link #COMMAND_TABLE}, which {@link Help} follows for {@code --help}.
 */
// scope INHERIT gives every subcommand --help too, which the one-line usage errors point to.
@Command(name = "mcphost", mixinStandardHelpOptions = true, scope = ScopeType.INHERIT, version = "mcphost 0.1.0",
        description = "Talks to MCP servers: the embedded demo server unless --stdio or --url names another, or every server of --config.")
final class McpHostCommand implements Callable<Integer> {
    /** One command: its class and the words that name it, its name first and then its aliases, as its {@code @Command} says. */
    record Listed(Class<?> command, List<String> names) {
        Listed(Class<?> command, String... names) {
            this(command, List.of(names));
        }
    }

    /**
     * Every command, once, in the order {@code --help} lists them (the order a newcomer uses them). Not in
     * {@code @Command(subcommands = ...)}: picocli would build the model of all of them, by reflection, on every
     * start (about a third of a one-shot command's time before the server is spawned, and picocli's classes
     * cannot be kept in the AOT cache); {@link Main} registers only the commands a command line names, or all
     * for help and usage errors. The names are written here so that finding a command does not load and parse
     * its annotation; a test checks them against the annotations. Adding a command is adding a line here.
     */
    static final List<Listed> COMMAND_TABLE = List.of(
            new Listed(DemoCommand.class, "demo"),
            new Listed(InfoCommand.class, "info"),
            new Listed(ToolsCommand.class, "tools", "describe"),
            new Listed(CallCommand.class, "call"),
            new Listed(ResourcesCommand.class, "resources"),
            new Listed(ReadCommand.class, "read"),
            new Listed(PromptsCommand.class, "prompts"),
            new Listed(PromptCommand.class, "prompt"),
            new Listed(SkillsCommand.class, "skills"),
            new Listed(SkillCommand.class, "skill"),
            new Listed(CompleteCommand.class, "complete"),
            new Listed(SubscribeCommand.class, "subscribe"),
            new Listed(ServeCommand.class, "serve"),
            new Listed(TasksCommand.class, "tasks"),
            new Listed(PingCommand.class, "ping"),
            new Listed(ServersCommand.class, "servers"),
            new Listed(RequestCommand.class, "request"),
            new Listed(LoginCommand.class, "login"),
            new Listed(LogoutCommand.class, "logout"),
            new Listed(AuthCommand.class, "auth"),
            new Listed(ConformanceClient.class, "conformance-client"));

    /** The command classes of {@link #COMMAND_TABLE}, in its order. */
    static final List<Class<?>> COMMANDS = COMMAND_TABLE.stream().<Class<?>>map(Listed::command).toList();

    /** Each name and alias of {@link #COMMAND_TABLE} and its command. */
    static final Map<String, Class<?>> COMMAND_NAMES = COMMAND_TABLE.stream()
            .flatMap(listed -> listed.names().stream().map(name -> Map.<String, Class<?>>entry(name, listed.command())))
            .collect(java.util.stream.Collectors.toUnmodifiableMap(Map.Entry::getKey, Map.Entry::getValue));

    static final int OK = ExitCode.OK;
    static final int TOOL_ERROR = ExitCode.TOOL_ERROR;
    static final int USAGE = ExitCode.USAGE;

    @Spec
    CommandLine.Model.CommandSpec spec;

    /** Which server or servers: --stdio, --url, --config, --server, --env, --timeout, ... */
    @Mixin
    ConnectionOptions connection = new ConnectionOptions();

    /** OAuth for --url: --client-id, --client-secret-env, --callback-port, --scope (docs/oauth.md). */
    @Mixin
    CliOAuth.Options oauth = new CliOAuth.Options();

    @Option(names = "--json", arity = "0..1", paramLabel = "'{...}'", scope = ScopeType.INHERIT,
            parameterConsumer = JsonOption.Consumer.class,
            description = {"Bare: print machine-readable JSON (the raw result).",
                "Followed by a JSON object, @FILE or - (stdin) (call only): the tool's whole arguments object."})
    JsonOption json = new JsonOption();

    @Option(names = {"-v", "--verbose"}, scope = ScopeType.INHERIT, description = "Debug logs and the JSON-RPC traffic on stderr.")
    boolean verbose;

    @Option(names = "--log-level", paramLabel = "LEVEL", scope = ScopeType.INHERIT, description = "Ask the server for its log"
            + " messages at LEVEL and above (debug, info, notice, warning, error, critical, alert, emergency); print them on stderr.")
    String logLevel;

    @Option(names = "--no-input", scope = ScopeType.INHERIT,
            description = "Never ask on the terminal: decline what a server asks the user (as when stdin is not a terminal).")
    boolean noInput;

    @Option(names = "--no-sampling", scope = ScopeType.INHERIT, description = "Do not announce sampling, so the"
            + " server takes its way without a model; by default each sampling request is declined (no model is configured).")
    boolean noSampling;

    private final PrintWriter out;
    private final PrintWriter err;
    private final TerminalInput input;
    private final boolean stderrIsTerminal;
    private final int columns;

    /**
     * @param input            where a person answers a server's questions (elicitation), if anyone can
     * @param stderrIsTerminal whether progress may be drawn in place with carriage returns
     * @param columns          the line width tables are cut to
     */
    McpHostCommand(PrintWriter out, PrintWriter err, TerminalInput input, boolean stderrIsTerminal, int columns) {
        this.out = out;
        this.err = err;
        this.input = input;
        this.stderrIsTerminal = stderrIsTerminal;
        this.columns = columns;
    }

    /** Without a subcommand: the guided tour of the demo server (or of the server given); with --config, the servers' status. */
    @Override
    public Integer call() {
        // Only an explicit --config changes the bare command: with MCPHOST_CONFIG set, './mcphost' still tours the demo.
        if (connection.config != null) {
            return new ServersCommand(this).call();
        }
        return new DemoCommand(this).call();
    }

    Printer printer() {
        return new Printer(out, json.output(), columns);
    }

    ProgressBar progressBar() {
        return new ProgressBar(err, stderrIsTerminal, columns);
    }

    /** The --era option (auto unless given). */
    io.mcphost.protocol.Era era() {
        return connection.era();
    }

    Duration requestTimeout() {
        return connection.requestTimeout();
    }

    /** How long a local server gets to exit after its stdin closes, before SIGTERM ({@code --close-grace}). */
    Duration closeGrace() {
        return connection.closeGrace();
    }

    /**
     * The client settings of the command line, the same for one server and for each server of a host:
     * {@code --timeout} (which bounds the handshake too when given), the close budget {@code --close-grace}
     * needs, and {@code --era} when given. A configuration entry's own settings go over these, as a server's own go over its host's.
     */
    io.mcphost.client.ClientSettings clientSettings() {
        var settings = io.mcphost.client.ClientSettings.NONE.withRequestTimeout(requestTimeout()).withCloseTimeout(closeBudget());
        if (connection.timeoutGiven()) {
            settings = settings.withInitializeTimeout(requestTimeout(), "--timeout"); // bounds the handshake too, not only the calls
        }
        return connection.era == null ? settings : settings.withEra(era());
    }

    /** How long closing a command's server or servers may take: enough for {@link #closeGrace()}, see {@link ClientTarget#closeBudget}. */
    Duration closeBudget() {
        return ClientTarget.closeBudget(closeGrace());
    }

    /**
     * What a command needs opened; {@link #open} opens it.
     *
     * @param kind           one server, the catalog of what the options name, the server of a URI, or every
     *                       server's status
     * @param name           a tool or prompt name as given ({@code demo__echo}), which under {@code --config} may
     *                       pick the servers to start; or null
     * @param uri            the resource URI or template of a {@link Kind#URI} need
     * @param takesArguments whether the command takes a tool's arguments object ({@code --json '{...}'})
     * @param anyConfig      for a URI: whether {@code $MCPHOST_CONFIG} counts as well as an explicit {@code --config}
     */
    record Need(Kind kind, String name, String uri, boolean takesArguments, boolean anyConfig) {
        enum Kind { ONE_SERVER, CATALOG, URI, STATUS }

        /**
         * One server: {@code --stdio}, {@code --url}, the server of an explicit {@code --config} that
         * {@code --server} names (or the file's only one), else the demo; {@link Target#client()} is its client.
         */
        static Need oneServer() {
            return new Need(Kind.ONE_SERVER, null, null, false, false);
        }

        /** As {@link #oneServer()}, except that under {@code --config} without {@code --server} a prefixed name picks the server. */
        static Need oneServerFor(String name, boolean takesArguments) {
            return new Need(Kind.ONE_SERVER, name, null, takesArguments, false);
        }

        /** The servers of a configuration (only the one {@code --server} or a prefixed {@code name} points to), or one server. */
        static Need catalog(String name, boolean takesArguments) {
            return new Need(Kind.CATALOG, name, null, takesArguments, false);
        }

        /** What a command about one resource URI (or template) needs; see {@link HostTarget#openForUri}. */
        static Need uri(String uri, boolean anyConfig) {
            return new Need(Kind.URI, null, uri, false, anyConfig);
        }

        /** Every server of the configuration, started for their status, ready or not. */
        static Need status() {
            return new Need(Kind.STATUS, null, null, false, false);
        }
    }

    /**
     * Opens what a command needs, the one way commands open servers: one server (a {@link ClientTarget}) or a
     * host of a configuration's servers (a {@link HostTarget}, which starts only those the command needs).
     * Blocks until they are connected; the caller closes the target. Option mistakes are usage errors.
     */
    Target open(Need need) {
        if (!need.takesArguments()) {
            rejectToolArguments();
        }
        return switch (need.kind()) {
            case ONE_SERVER -> openOne(need.name());
            case CATALOG -> openCatalog(need.name());
            case URI -> openForUri(need.uri(), need.anyConfig());
            case STATUS -> openHost(connection.configSource().orElseThrow(), null);
        };
    }

    private ClientTarget openOne(String name) {
        // Only an explicit --config: with MCPHOST_CONFIG set, the one-server commands keep using the demo.
        var source = connection.config == null ? java.util.Optional.<String>empty() : connection.configSource();
        if (source.isEmpty()) {
            if (connection.server != null) {
                throw connection.usage("--server picks a server of --config; give --config too");
            }
            return new ClientTarget(OneServer.open(this), closeBudget(), null);
        }
        connection.rejectOneServerOptions();
        var config = HostTarget.load(this, source.get(), consoleInputs());
        if (connection.server == null && name != null) {
            // A prefixed name (everything__args-prompt) picks its server, as it does for 'call'.
            for (ServerConfig entry : config.enabledServers()) {
                String prefix = entry.prefix().orElse(entry.name());
                if (!Target.withoutPrefix(prefix, name).equals(name)) {
                    return new ClientTarget(OneServer.open(this, entry), closeBudget(), prefix);
                }
            }
        }
        var enabled = config.enabledServers();
        if (connection.server == null && enabled.size() > 1) {
            throw connection.usage("this command talks to one server: add --server NAME (one of: "
                    + String.join(", ", enabled.stream().map(ServerConfig::name).toList()) + ")");
        }
        ServerConfig entry = HostTarget.needed(this, config, connection.server, null).getFirst();
        return new ClientTarget(OneServer.open(this, entry), closeBudget(), connection.server);
    }

    private Target openCatalog(String name) {
        var source = connection.configSource();
        if (source.isEmpty()) {
            return new ClientTarget(OneServer.open(this), closeBudget(), null);
        }
        HostTarget host = openHost(source.get(), name);
        try {
            host.host().requireReady(); // each failure was reported in one line already; an empty catalog must not exit 0
        } catch (RuntimeException e) {
            host.close();
            throw e;
        }
        return host;
    }

    private Target openForUri(String uri, boolean anyConfig) {
        var source = anyConfig || connection.config != null ? connection.configSource() : java.util.Optional.<String>empty();
        if (source.isEmpty()) {
            return openOne(null);
        }
        connection.rejectOneServerOptions();
        return HostTarget.openForUri(this, HostTarget.load(this, source.get(), consoleInputs()), connection.server, uri, features());
    }

    private HostTarget openHost(String source, String name) {
        connection.rejectOneServerOptions();
        var config = HostTarget.load(this, source, consoleInputs());
        // --server picks one entry, which then keeps its own names, as with --stdio (and the Inspector's --server).
        List<String> start = HostTarget.needed(this, config, connection.server, name).stream().map(ServerConfig::name).toList();
        return HostTarget.open(this, config, features(), start, connection.server);
    }

    ConsoleInputs consoleInputs() {
        return new ConsoleInputs(noInput ? null : System.console(), err);
    }

    private void rejectToolArguments() {
        if (json.arguments() != null) {
            throw connection.usage("--json '{...}' gives tool arguments, which only 'call' takes");
        }
    }

    /** The client features of this run: the terminal's elicitation, sampling as chosen and --log-level. */
    ClientFeatures features() {
        try {
            return new ClientFeatures(err, noInput ? TerminalInput.none() : input, !noSampling, logLevel, verbose);
        } catch (IllegalArgumentException e) {
            throw connection.usage(e.getMessage());
        }
    }

    void printResult(CallToolResult result) {
        printResult(result, false);
    }

    void printResult(CallToolResult result, boolean structured) {
        Printer p = printer();
        if (p.isJson()) {
            p.json(result);
            return;
        }
        p.content(result.content());
        result.structuredContent()
                .filter(s -> structured || StructuredOutput.addsToText(s, result.content()))
                .ifPresent(s -> p.prettyJson("structured content:", s));
    }

    /** Runs a save ({@code -o FILE}) and says what it wrote on stderr; a file that cannot be written is a usage error. */
    void saved(Supplier<String> save) {
        try {
            err.println("mcphost: " + save.get());
            err.flush();
        } catch (UncheckedIOException e) {
            throw connection.usage("-o: " + e.getMessage());
        }
    }

    PrintWriter out() {
        return out;
    }

    PrintWriter err() {
        return err;
    }

    int columns() {
        return columns;
    }

    /** The start of a command line reaching the same server or servers, for examples to copy. */
    String exampleCommand() {
        return connection.exampleCommand();
    }
}
