package io.mcphost.cli;

import io.mcphost.client.CallOptions;
import io.mcphost.client.McpClient;
import io.mcphost.host.HostTool;
import io.mcphost.protocol.McpNotFoundException;
import io.mcphost.protocol.tools.CallToolResult;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code mcphost call TOOL [KEY=VALUE ...]}: calls a tool with progress on stderr, Ctrl-C sending
 * {@code notifications/cancelled}, the result on stdout and a tool error marked on stderr (exit 1).
 * With {@code --config} a prefixed name starts only its server. The tool is looked up in the server's
 * listing first: a name it does not list exits 3 with a did-you-mean, whatever the server would have
 * answered, and the {@code key=value} words are typed by the tool's input schema ({@link ToolArguments}).
 */
@Command(name = "call", description = "Call a tool: call <tool> [key=value ...] [--json '{...}']. Exits 1 when"
        + " the tool reports an error.",
        footer = {"", "Examples:", "  mcphost call add a=1 b=2",
            "  mcphost call echo text=42                 # text is a string parameter: \"42\"",
            "  mcphost call echo --json @args.json       # the arguments object from a file",
            "  mcphost call echo --json - < args.json    # ... or from stdin",
            "  mcphost --stdio \"npx -y @modelcontextprotocol/server-everything\" \\",
            "      call get-tiny-image -o tiny.png       # save the image, decoded",
            "  mcphost --config mcp.json call everything__get-sum a=1 b=2",
            "      # a prefixed name starts only its server ('everything')"})
final class CallCommand implements Callable<Integer> {
    /** How many tool names an unknown tool's message shows. */
    private static final int LISTED_NAMES = 10;

    @ParentCommand
    McpHostCommand root;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TOOL", description = "The tool's name.")
    String tool;

    @Parameters(index = "1..*", paramLabel = "KEY=VALUE", arity = "0..*", description = "An argument, typed by the"
            + " tool's input schema: a string parameter takes the text as written, an integer, number or boolean one"
            + " a value of that type, an array or object one JSON. Without a type in the schema, values that read as"
            + " JSON (42, true, null, [1,2], {\"k\":1}, '\"007\"') are JSON, the rest strings. These words win over the"
            + " --json object.")
    List<String> pairs;

    @Option(names = "--args", paramLabel = "'{...}'", description = "Same as --json '{...}'.")
    String argsJson;

    @Option(names = "--task", description = "Run the tool as a task; status changes go to stderr.")
    boolean asTask;

    @Option(names = "--structured", description = "Always print the structured content (by default only when"
            + " it adds something the text does not say).")
    boolean structured;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Save the first image, audio or binary"
            + " resource of the result (decoded), else its text, in FILE.")
    Path output;

    @Override
    public Integer call() {
        if (argsJson != null && root.json.arguments() != null) {
            throw root.connection.usage("give the arguments object once: --json '{...}' or --args");
        }
        String json = argsJson != null ? argsJson : root.json.arguments();
        if (asTask) { // a task talks to one server: under --config, the one --server or a prefixed name picks
            try (Target target = root.open(McpHostCommand.Need.oneServerFor(tool, true))) {
                McpClient client = target.client();
                HostTool listed = listed(target, tool);
                ObjectNode arguments = parseArguments(json, listed);
                ProgressBar bar = root.progressBar();
                try {
                    return TasksCommand.callAsTask(root, client, listed.name(), arguments, CallOptions.builder().onProgress(bar).build());
                } finally {
                    bar.finish();
                }
            }
        }
        try (Target target = root.open(McpHostCommand.Need.catalog(tool, true))) {
            HostTool listed = listed(target, tool);
            ObjectNode arguments = parseArguments(json, listed);
            ProgressBar bar = root.progressBar();
            CallToolResult result;
            try (CancelOnShutdown cancel = CancelOnShutdown.during(bar, root.err())) {
                result = target.callTool(listed.name(), arguments, CallOptions.builder().onProgress(bar).build());
            } finally {
                bar.finish();
            }
            root.printResult(result, structured);
            if (output != null) {
                root.saved(() -> SavedOutput.save(result, output));
            }
            if (result.isError() && !root.json.output()) {
                // stdout holds the tool's own words; the mark goes to stderr so a pipe gets only those.
                root.err().println("mcphost: tool '" + tool + "' returned an error (isError: true; exit 1)");
                root.err().flush();
            }
            return result.isError() ? ExitCode.TOOL_ERROR : ExitCode.OK;
        }
    }

    /**
     * The tool {@code given} names, as the target lists it: a name it does not list is refused here, before
     * anything is sent, with the closest listed name. Servers answer an unknown tool in two ways (a JSON-RPC
     * error, as the demo does; a tool result with {@code isError}, as server-everything does), which would
     * otherwise exit 3 or 1; the listing also gives the input schema that types the arguments. A host's catalog
     * suggests a prefixed name for one given without its prefix ({@code echo} → {@code demo__echo}).
     *
     * @throws McpNotFoundException (exit {@link ExitCode#REFUSED}) if the target lists no such tool
     */
    private static HostTool listed(Target target, String given) {
        String name = target.nameOf(given);
        List<HostTool> tools = target.tools();
        for (HostTool tool : tools) {
            if (tool.name().equals(name)) {
                return tool;
            }
        }
        List<String> names = tools.stream().map(HostTool::name).toList();
        String suggestion = switch (target) {
            case HostTarget host -> host.host().catalog().suggest(name).orElse(null);
            case ClientTarget one -> ToolsCommand.closest(name, tools);
        };
        String missing = switch (target) {
            case HostTarget host -> "no available tool is named '" + name + "'";
            case ClientTarget one -> "server '" + one.client().name() + "' offers no tool '" + name + "'";
        };
        if (suggestion != null) {
            throw new McpNotFoundException(missing, suggestion);
        }
        // No likely typo: the names themselves, so that the next try needs no other command.
        String shown = String.join(", ", names.subList(0, Math.min(names.size(), LISTED_NAMES)));
        String offer = target.isHost() ? "; the servers offer " : "; it offers ";
        throw new McpNotFoundException(missing + (names.isEmpty() ? " (no tool is listed)" : offer + shown
                + (names.size() > LISTED_NAMES ? ", … (" + names.size() + " in all: see 'mcphost tools')" : "")), null);
    }

    private ObjectNode parseArguments(String json, HostTool tool) {
        try {
            return ToolArguments.parse(pairs == null ? List.of() : pairs, json, tool.tool().inputSchema());
        } catch (IllegalArgumentException e) {
            // This command's usage, not the root's: the words and values are call's ("see 'mcphost call --help'").
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
