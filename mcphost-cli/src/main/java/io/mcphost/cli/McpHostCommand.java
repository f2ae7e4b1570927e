package io.mcphost.cli;

import io.mcphost.client.CallOptions;
import io.mcphost.client.Era;
import io.mcphost.client.McpClient;
import io.mcphost.host.HostPrompt;
import io.mcphost.host.HostResource;
import io.mcphost.host.HostResourceTemplate;
import io.mcphost.protocol.modern.ModernMethods;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.prompts.PromptArgument;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** The {@code mcphost} command: one server (the embedded demo server by default) or all of a {@code --config}. */
// scope INHERIT gives every subcommand --help too, which the one-line usage errors point to.
@Command(name = "mcphost", mixinStandardHelpOptions = true, scope = ScopeType.INHERIT, version = "mcphost 0.1.0",
        description = "Talks to MCP servers: the embedded demo server unless --stdio or --url names another, or every server of --config.",
        subcommands = {ServersCommand.class, ToolsCommand.class, RequestCommand.class, ConformanceClient.class, CompleteCommand.class, SubscribeCommand.class, TasksCommand.class}, subcommandsRepeatable = false)
final class McpHostCommand implements Callable<Integer> {
    static final int OK = ExitCode.OK;
    static final int TOOL_ERROR = ExitCode.TOOL_ERROR;
    static final int USAGE = ExitCode.USAGE;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--stdio", paramLabel = "COMMAND", scope = ScopeType.INHERIT,
            description = "Start this server (split like a shell would, run without one).")
    String stdio;

    @Option(names = "--config", paramLabel = "FILE", scope = ScopeType.INHERIT,
            description = {"Use every server of this mcp.json (Claude, Cursor or VS Code format) as one; tool and prompt",
                "names get the server's prefix (demo__echo). Shortcuts: claude-desktop, claude-code, vscode, cursor.",
                "Default: $MCPHOST_CONFIG, unless --stdio or --url is given."})
    String config;

    @Option(names = "--server", paramLabel = "NAME", scope = ScopeType.INHERIT,
            description = "With --config: use only this server of the file (needed by info, ping, complete, subscribe"
                + " and tasks when the file has several).")
    String server;

    @Option(names = "--url", paramLabel = "URL", scope = ScopeType.INHERIT,
            description = "Connect to a remote server at this http(s) URL instead.")
    String url;

    @Option(names = "--header", paramLabel = "K:V", scope = ScopeType.INHERIT,
            description = "With --url: send this HTTP header on every request (repeatable).")
    List<String> headers = new ArrayList<>();

    @Option(names = "--bearer-env", paramLabel = "VAR", scope = ScopeType.INHERIT,
            description = "With --url: send 'Authorization: Bearer <token>' with the token read from this environment variable.")
    String bearerEnv;

    @Option(names = "--transport", paramLabel = "MODE", scope = ScopeType.INHERIT,
            description = "With --url: auto (Streamable HTTP, falling back to SSE; the default), http or sse.")
    String transportMode;

    @Option(names = "--env", paramLabel = "K=V", scope = ScopeType.INHERIT,
            description = "Set a variable in the server's environment (repeatable).")
    List<String> env = new ArrayList<>();

    @Option(names = "--env-pass", paramLabel = "NAME", scope = ScopeType.INHERIT,
            description = "Pass this variable of your environment through to the server, by name (repeatable).")
    List<String> envPass = new ArrayList<>();

    @Option(names = "--era", paramLabel = "ERA", scope = ScopeType.INHERIT,
            description = "Protocol era: auto (detect; the default), modern (2026-07-28 only) or legacy (initialize at once).")
    String era;

    @Option(names = "--timeout", paramLabel = "DURATION", scope = ScopeType.INHERIT,
            description = "Request timeout: 30 (seconds), 30s, 2m, 500ms or PT2M. Default 60 s.")
    String timeout;

    @Option(names = "--json", arity = "0..1", paramLabel = "'{...}'", scope = ScopeType.INHERIT,
            parameterConsumer = JsonOption.Consumer.class,
            description = {"Bare: print machine-readable JSON (the raw result).",
                "Followed by a JSON object (call only): the tool's whole arguments object."})
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
        if (config != null) {
            return new ServersCommand(this).call();
        }
        return demo();
    }

    Printer printer() {
        return new Printer(out, json.output(), columns);
    }

    ProgressBar progressBar() {
        return new ProgressBar(err, stderrIsTerminal, columns);
    }

    /** The --era option (auto unless given). */
    Era era() {
        if (era == null) {
            return Era.AUTO;
        }
        return switch (era.toLowerCase(java.util.Locale.ROOT)) {
            case "auto" -> Era.AUTO;
            case "modern" -> Era.MODERN;
            case "legacy" -> Era.LEGACY;
            default -> throw new CommandLine.ParameterException(spec.commandLine(),
                    "--era takes auto, modern or legacy, not '" + era + "'");
        };
    }

    Duration requestTimeout() {
        if (timeout == null) {
            return Duration.ofSeconds(60);
        }
        try {
            return Durations.parse("--timeout", timeout);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** Connects to the chosen server for a command that takes no tool arguments; the caller closes it. */
    McpClient connect() {
        if (json.arguments() != null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--json '{...}' gives tool arguments, which only 'call' takes");
        }
        return openOne();
    }

    /**
     * Connects to the one server the options name: --stdio, --url, one server of --config (the one
     * --server names, or the file's only one), else the demo.
     */
    McpClient openOne() {
        // Only an explicit --config: with MCPHOST_CONFIG set, the one-server commands keep using the demo.
        var source = config == null ? java.util.Optional.<String>empty() : configSource();
        if (source.isEmpty()) {
            if (server != null) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--server picks a server of --config; give --config too");
            }
            return OneServer.open(this);
        }
        if (!env.isEmpty() || !envPass.isEmpty() || !headers.isEmpty() || bearerEnv != null || transportMode != null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--env, --env-pass, --header, --bearer-env and --transport configure one server; with --config, put them in the file");
        }
        var config = HostTarget.load(this, source.get(), new ConsoleInputs(noInput ? null : System.console(), err));
        var enabled = config.enabledServers();
        if (server == null && enabled.size() > 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "this command talks to one server: add --server NAME"
                    + " (one of: " + String.join(", ", enabled.stream().map(io.mcphost.config.ServerConfig::name).toList()) + ")");
        }
        return OneServer.open(this, HostTarget.narrow(this, config, server, null).enabledServers().getFirst());
    }

    /** The configuration to use many servers from: --config, else $MCPHOST_CONFIG unless a single server is named. */
    java.util.Optional<String> configSource() {
        if (config != null) {
            if (stdio != null || url != null) {
                throw new CommandLine.ParameterException(spec.commandLine(), "give one of --config, --stdio or --url");
            }
            return java.util.Optional.of(config);
        }
        String fromEnv = System.getenv("MCPHOST_CONFIG");
        return stdio == null && url == null && fromEnv != null && !fromEnv.isBlank()
                ? java.util.Optional.of(fromEnv) : java.util.Optional.empty();
    }

    /**
     * Opens what the options name for a command: every server of a configuration, or one server.
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
        if (!takesArguments && json.arguments() != null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--json '{...}' gives tool arguments, which only 'call' takes");
        }
        var source = configSource();
        if (source.isEmpty()) {
            return new ClientTarget(OneServer.open(this));
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

    /** Starts the host of the configuration for a command; the caller closes it. */
    HostTarget openHost(String source) {
        return openHost(source, null);
    }

    private HostTarget openHost(String source, String nameHint) {
        if (!env.isEmpty() || !envPass.isEmpty() || !headers.isEmpty() || bearerEnv != null || transportMode != null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--env, --env-pass, --header, --bearer-env and --transport configure one server; with --config, put them in the file");
        }
        var config = HostTarget.load(this, source, new ConsoleInputs(noInput ? null : System.console(), err));
        return HostTarget.open(this, HostTarget.narrow(this, config, server, nameHint), features());
    }

    /** The client features of this run: the terminal's elicitation, sampling as chosen and --log-level. */
    ClientFeatures features() {
        try {
            return new ClientFeatures(err, noInput ? TerminalInput.none() : input, !noSampling, logLevel, verbose);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    @Command(name = "call", description = "Call a tool: call <tool> [key=value ...] [--json '{...}']. Exits 1 when"
            + " the tool reports an error.")
    int call(@Parameters(index = "0", paramLabel = "TOOL", description = "The tool's name.") String tool,
             @Parameters(index = "1..*", paramLabel = "KEY=VALUE", arity = "0..*", description = "An argument. Values that"
                     + " read as JSON (42, true, null, [1,2], {\"k\":1}, '\"007\"') are JSON, the rest strings;"
                     + " these words win over the --json object.") List<String> pairs,
             @Option(names = "--args", paramLabel = "'{...}'", description = "Same as --json '{...}'.") String argsJson,
             @Option(names = "--task", description = "Run the tool as a task; status changes go to stderr.") boolean asTask,
             @Option(names = "--structured", description = "Always print the structured content (by default only when"
                     + " it adds something the text does not say).") boolean structured,
             @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Save the first image, audio or binary"
                     + " resource of the result (decoded), else its text, in FILE.") java.nio.file.Path output) {
        if (argsJson != null && json.arguments() != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give the arguments object once: --json '{...}' or --args");
        }
        var arguments = parseArguments(pairs, argsJson != null ? argsJson : json.arguments());
        if (asTask) { // a task talks to one server: connecting to one refuses --config
            try (McpClient client = openOne()) {
                client.listTools();
                ProgressBar bar = progressBar();
                try {
                    return TasksCommand.callAsTask(this, client, tool, arguments, CallOptions.builder().onProgress(bar).build());
                } finally {
                    bar.finish();
                }
            }
        }
        try (Target target = openTarget(true, tool)) {
            ProgressBar bar = progressBar();
            CallToolResult result;
            try (CancelOnShutdown cancel = CancelOnShutdown.during(bar, err)) {
                result = target.callTool(tool, arguments, CallOptions.builder().onProgress(bar).build());
            } finally {
                bar.finish();
            }
            printResult(result, structured);
            if (output != null) {
                saved(() -> SavedOutput.save(result, output));
            }
            if (result.isError() && !json.output()) {
                // stdout holds the tool's own words; the mark goes to stderr so a pipe gets only those.
                err.println("mcphost: tool '" + tool + "' returned an error (isError: true; exit 1)");
                err.flush();
            }
            return result.isError() ? TOOL_ERROR : OK;
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

    /** Runs a save and says what it wrote on stderr; a file that cannot be written is a usage error. */
    private void saved(java.util.function.Supplier<String> save) {
        try {
            err.println("mcphost: " + save.get());
            err.flush();
        } catch (java.io.UncheckedIOException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "-o: " + e.getMessage());
        }
    }

    private tools.jackson.databind.node.ObjectNode parseArguments(List<String> pairs, String argsJson) {
        try {
            return ToolArguments.parse(pairs == null ? List.of() : pairs, argsJson);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    @Command(name = "resources", description = "List resources and resource templates.")
    int resources() {
        try (Target target = openTarget(false)) {
            List<HostResource> resources = target.resources();
            List<HostResourceTemplate> templates = target.resourceTemplates();
            Printer p = printer();
            if (p.isJson()) {
                p.json(target.isHost() ? Map.of("resources", resources, "resourceTemplates", templates)
                        : Map.of("resources", resources.stream().map(HostResource::resource).toList(),
                                "resourceTemplates", templates.stream().map(HostResourceTemplate::template).toList()));
                return OK;
            }
            String tag = "";
            List<String[]> rows = new ArrayList<>();
            for (HostResource r : resources) {
                rows.add(new String[] {r.resource().uri(), (target.isHost() ? "[" + r.server() + "] " : "")
                        + r.resource().description().orElse(r.resource().name())});
            }
            for (HostResourceTemplate t : templates) {
                rows.add(new String[] {t.template().uriTemplate(), (target.isHost() ? "[" + t.server() + "] " : "")
                        + "(template) " + t.template().description().orElse(t.template().name())});
            }
            p.table(rows);
            return OK;
        }
    }

    @Command(name = "read", description = "Read a resource by URI.")
    int read(@Parameters(paramLabel = "URI", description = "The resource's URI, e.g. demo://readme.") String uri,
             @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Save the contents (decoded when"
                     + " binary) in FILE instead of printing them.") java.nio.file.Path output) {
        try (Target target = openTarget(false)) {
            ReadResourceResult result = target.readResource(uri);
            if (output != null) {
                saved(() -> SavedOutput.save(result.contents(), output));
                return OK;
            }
            Printer p = printer();
            if (p.isJson()) {
                p.json(result);
            } else {
                p.resourceContents(result.contents());
            }
            return OK;
        }
    }

    @Command(name = "prompts", description = "List prompts and their arguments.")
    int prompts() {
        try (Target target = openTarget(false)) {
            List<HostPrompt> prompts = target.prompts();
            Printer p = printer();
            if (p.isJson()) {
                p.json(Map.of("prompts", target.isHost()
                        ? prompts.stream().map(pr -> Map.of("name", pr.name(), "server", pr.server(), "prompt", pr.prompt())).toList()
                        : prompts.stream().map(HostPrompt::prompt).toList()));
                return OK;
            }
            p.table(prompts.stream().map(pr -> new String[] {pr.name() + arguments(pr.prompt()),
                pr.prompt().description().orElse("")}).toList());
            return OK;
        }
    }

    static String arguments(Prompt prompt) {
        if (prompt.arguments().isEmpty()) {
            return "";
        }
        return prompt.arguments().stream().map(a -> a.required() ? a.name() : "[" + a.name() + "]")
                .collect(Collectors.joining(" ", " ", ""));
    }

    @Command(name = "prompt", description = "Get a prompt: prompt <name> [key=value ...].")
    int prompt(@Parameters(index = "0", paramLabel = "NAME", description = "The prompt's name.") String name,
               @Parameters(index = "1..*", paramLabel = "KEY=VALUE", arity = "0..*",
                       description = "An argument; prompt arguments are always strings.") List<String> pairs) {
        Map<String, String> arguments;
        try {
            arguments = ToolArguments.strings(pairs == null ? List.of() : pairs);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        try (Target target = openTarget(false, name)) {
            return printPrompt(target.getPrompt(name, arguments));
        }
    }

    private int printPrompt(GetPromptResult result) {
        Printer p = printer();
        if (p.isJson()) {
            p.json(result);
            return OK;
        }
        result.description().ifPresent(d -> out.println("# " + d));
        result.messages().forEach(m -> {
            out.println("[" + m.role().name().toLowerCase(java.util.Locale.ROOT) + "]");
            p.content(List.of(m.content()));
        });
        out.flush();
        return OK;
    }

    @Command(name = "ping", description = "Ping the server and print the round-trip time.")
    int ping() {
        try (McpClient client = connect()) {
            long start = System.nanoTime();
            if (client.era() == Era.MODERN) {
                // Revision 2026-07-28 has no ping; server/discover is its cheapest round trip.
                client.request(ModernMethods.SERVER_DISCOVER, null, CallOptions.defaults());
            } else {
                client.ping();
            }
            double ms = (System.nanoTime() - start) / 1e6;
            if (json.output()) {
                printer().json(Map.of("roundTripMillis", ms));
            } else {
                out.printf("pong from %s in %.2f ms%n", client.name(), ms);
                out.flush();
            }
            return OK;
        }
    }

    @Command(name = "info", description = "Server info, negotiated protocol revision, capabilities, instructions.")
    int info() {
        try (McpClient client = connect()) {
            new Tour(this, client).info();
            return OK;
        }
    }

    @Command(name = "demo", description = "A short guided tour of the server (the default command).")
    int demo() {
        try (McpClient client = connect()) {
            return new Tour(this, client).run();
        }
    }

    PrintWriter out() {
        return out;
    }

    int columns() {
        return columns;
    }

    /** The start of a command line reaching the same server or servers, for examples to copy. */
    String exampleCommand() {
        StringBuilder line = new StringBuilder("mcphost");
        if (config != null) {
            line.append(" --config ").append(ShellWords.quote(config));
        } else if (stdio != null) {
            line.append(" --stdio ").append(ShellWords.quote(stdio));
        } else if (url != null) {
            line.append(" --url ").append(ShellWords.quote(url));
        }
        return line.toString();
    }

    PrintWriter err() {
        return err;
    }

}
