package io.mcphost.cli;

import io.mcphost.client.McpClient;
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
 * own in {@link #COMMANDS}; {@link Help} orders them for {@code --help}.
 */
// scope INHERIT gives every subcommand --help too, which the one-line usage errors point to.
@Command(name = "mcphost", mixinStandardHelpOptions = true, scope = ScopeType.INHERIT, version = "mcphost 0.1.0",
        description = "Talks to MCP servers: the embedded demo server unless --stdio or --url names another, or every server of --config.")
final class McpHostCommand implements Callable<Integer> {
    /**
     * Every command, in the order picocli lists them. Not in {@code @Command(subcommands = ...)}: picocli
     * would build the model of all of them, by reflection, on every start (about a third of a one-shot
     * command's time before the server is spawned, and picocli's classes cannot be kept in the AOT cache);
     * {@link Main} registers only the commands a command line names, or all for help and usage errors.
     * Adding a command is adding a line here (Help.ORDER places it in --help).
     */
    static final List<Class<?>> COMMANDS = List.of(
            DemoCommand.class,
            InfoCommand.class,
            ToolsCommand.class,
            CallCommand.class,
            ResourcesCommand.class,
            ReadCommand.class,
            PromptsCommand.class,
            PromptCommand.class,
            CompleteCommand.class,
            SubscribeCommand.class,
            TasksCommand.class,
            PingCommand.class,
            ServersCommand.class,
            RequestCommand.class,
            LoginCommand.class,
            LogoutCommand.class,
            AuthCommand.class,
            ConformanceClient.class);

    /**
     * The names and aliases of {@link #COMMANDS}, without reading their annotations (which loads and
     * parses them); a test checks it against the annotations.
     */
    static final Map<String, Class<?>> COMMAND_NAMES = Map.ofEntries(
            Map.entry("demo", DemoCommand.class),
            Map.entry("info", InfoCommand.class),
            Map.entry("tools", ToolsCommand.class),
            Map.entry("describe", ToolsCommand.class),
            Map.entry("call", CallCommand.class),
            Map.entry("resources", ResourcesCommand.class),
            Map.entry("read", ReadCommand.class),
            Map.entry("prompts", PromptsCommand.class),
            Map.entry("prompt", PromptCommand.class),
            Map.entry("complete", CompleteCommand.class),
            Map.entry("subscribe", SubscribeCommand.class),
            Map.entry("tasks", TasksCommand.class),
            Map.entry("ping", PingCommand.class),
            Map.entry("servers", ServersCommand.class),
            Map.entry("request", RequestCommand.class),
            Map.entry("login", LoginCommand.class),
            Map.entry("logout", LogoutCommand.class),
            Map.entry("auth", AuthCommand.class),
            Map.entry("conformance-client", ConformanceClient.class));

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

    /** How long closing a command's server or servers may take: enough for {@link #closeGrace()}, see {@link ClientTarget#closeBudget}. */
    Duration closeBudget() {
        return ClientTarget.closeBudget(closeGrace());
    }

    /** Connects to the chosen server for a command that takes no tool arguments; the caller closes it. */
    McpClient connect() {
        rejectToolArguments();
        return openOne();
    }

    /** A connected server and a prompt's or tool's name as that server knows it. */
    record Named(McpClient client, String name) {
    }

    /**
     * As {@link #connect()}, for a command naming a prompt or tool of one server: under {@code --config}
     * without {@code --server}, a prefixed name ({@code everything__args-prompt}) picks its server, as it
     * does for {@code call}. The caller closes the client.
     */
    Named connectFor(String name) {
        return connectFor(name, false);
    }

    /** As {@link #connectFor(String)}; {@code takesArguments}: the command takes a tool's arguments ({@code call --task}). */
    Named connectFor(String name, boolean takesArguments) {
        if (!takesArguments) {
            rejectToolArguments();
        }
        if (connection.config != null && connection.server == null) {
            connection.rejectOneServerOptions();
            var config = HostTarget.load(this, connection.configSource().orElseThrow(), consoleInputs());
            for (ServerConfig entry : config.enabledServers()) {
                String prefix = entry.prefix().orElse(entry.name()) + "__";
                if (name.startsWith(prefix) && name.length() > prefix.length()) {
                    return new Named(OneServer.open(this, entry), name.substring(prefix.length()));
                }
            }
        }
        return new Named(openOne(), targetName(name));
    }

    /**
     * Connects to the one server the options name: --stdio, --url, one server of --config (the one
     * --server names, or the file's only one), else the demo.
     */
    McpClient openOne() {
        // Only an explicit --config: with MCPHOST_CONFIG set, the one-server commands keep using the demo.
        var source = connection.config == null ? java.util.Optional.<String>empty() : connection.configSource();
        if (source.isEmpty()) {
            if (connection.server != null) {
                throw connection.usage("--server picks a server of --config; give --config too");
            }
            return OneServer.open(this);
        }
        connection.rejectOneServerOptions();
        var config = HostTarget.load(this, source.get(), consoleInputs());
        var enabled = config.enabledServers();
        if (connection.server == null && enabled.size() > 1) {
            throw connection.usage("this command talks to one server: add --server NAME (one of: "
                    + String.join(", ", enabled.stream().map(ServerConfig::name).toList()) + ")");
        }
        return OneServer.open(this, HostTarget.narrow(this, config, connection.server, null).enabledServers().getFirst());
    }

    /**
     * Opens what the options name for a command: the servers of a configuration, or one server.
     *
     * @param takesArguments whether the command takes a tool's arguments object ({@code --json '{...}'})
     */
    Target openTarget(boolean takesArguments) {
        return openTarget(takesArguments, null);
    }

    /**
     * As {@link #openTarget(boolean)}, starting only the server a prefixed name points to.
     *
     * @param nameHint a tool or prompt name as given ({@code demo__echo}), or null
     */
    Target openTarget(boolean takesArguments, String nameHint) {
        if (!takesArguments) {
            rejectToolArguments();
        }
        var source = connection.configSource();
        if (source.isEmpty()) {
            return new ClientTarget(OneServer.open(this), closeBudget());
        }
        HostTarget host = openHost(source.get(), nameHint);
        try {
            host.host().requireReady(); // each failure was reported in one line already; an empty catalog must not exit 0
        } catch (RuntimeException e) {
            host.close();
            throw e;
        }
        return host;
    }

    /**
     * Opens what a command about one resource URI (or URI template) needs: under {@code --config} only
     * the server the URI names, starting more only when it must ({@link HostTarget#openForUri}); else the
     * one server. The caller closes it.
     *
     * @param anyConfig whether {@code $MCPHOST_CONFIG} counts as well as an explicit {@code --config}
     */
    Target openTargetForUri(String uri, boolean anyConfig) {
        rejectToolArguments();
        var source = anyConfig || connection.config != null ? connection.configSource() : java.util.Optional.<String>empty();
        if (source.isEmpty()) {
            return new ClientTarget(openOne(), closeBudget());
        }
        connection.rejectOneServerOptions();
        return HostTarget.openForUri(this, HostTarget.load(this, source.get(), consoleInputs()), connection.server, uri, features());
    }

    /** Starts the host of the configuration for a command; the caller closes it. */
    HostTarget openHost(String source) {
        return openHost(source, null);
    }

    private HostTarget openHost(String source, String nameHint) {
        connection.rejectOneServerOptions();
        var config = HostTarget.load(this, source, consoleInputs());
        // --server picks one entry, which then keeps its own names, as with --stdio (and the Inspector's --server).
        return HostTarget.open(this, HostTarget.narrow(this, config, connection.server, nameHint), features(),
                connection.server != null);
    }

    /**
     * A tool or prompt name as the target knows it: under {@code --server NAME} the server's own names
     * are used, and {@code NAME__tool} (copied from a listing of the whole file) means the same.
     */
    String targetName(String name) {
        String prefix = connection.server == null || connection.config == null ? null : connection.server + "__";
        return prefix != null && name.startsWith(prefix) && name.length() > prefix.length() ? name.substring(prefix.length()) : name;
    }

    private ConsoleInputs consoleInputs() {
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
