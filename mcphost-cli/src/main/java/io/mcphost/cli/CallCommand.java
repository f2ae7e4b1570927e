package io.mcphost.cli;

import io.mcphost.client.CallOptions;
import io.mcphost.client.McpClient;
import io.mcphost.protocol.tools.CallToolResult;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code mcphost call TOOL [KEY=VALUE ...]}: calls a tool with progress on stderr, Ctrl-C sending
 * {@code notifications/cancelled}, the result on stdout and a tool error marked on stderr (exit 1).
 * With {@code --config} a prefixed name starts only its server.
 */
@Command(name = "call", description = "Call a tool: call <tool> [key=value ...] [--json '{...}']. Exits 1 when"
        + " the tool reports an error.",
        footer = {"", "Examples:", "  mcphost call add a=1 b=2",
            "  mcphost call echo text='\"42\"'             # a string that reads as JSON",
            "  mcphost call echo --json @args.json       # the arguments object from a file",
            "  mcphost call echo --json - < args.json    # ... or from stdin",
            "  mcphost --stdio \"npx -y @modelcontextprotocol/server-everything\" \\",
            "      call get-tiny-image -o tiny.png       # save the image, decoded",
            "  mcphost --config mcp.json call everything__get-sum a=1 b=2",
            "      # a prefixed name starts only its server ('everything')"})
final class CallCommand implements Callable<Integer> {
    @ParentCommand
    McpHostCommand root;

    @Parameters(index = "0", paramLabel = "TOOL", description = "The tool's name.")
    String tool;

    @Parameters(index = "1..*", paramLabel = "KEY=VALUE", arity = "0..*", description = "An argument. Values that"
            + " read as JSON (42, true, null, [1,2], {\"k\":1}, '\"007\"') are JSON, the rest strings;"
            + " these words win over the --json object.")
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
                ObjectNode arguments = parseArguments(json);
                client.listTools();
                ProgressBar bar = root.progressBar();
                try {
                    return TasksCommand.callAsTask(root, client, target.nameOf(tool), arguments, CallOptions.builder().onProgress(bar).build());
                } finally {
                    bar.finish();
                }
            }
        }
        // The server starts first and boots while the arguments are parsed: the first use of the JSON codec
        // costs a few hundred milliseconds, which then overlap the server's own start-up.
        try (Target target = root.open(McpHostCommand.Need.catalog(tool, true))) {
            ObjectNode arguments = parseArguments(json);
            ProgressBar bar = root.progressBar();
            CallToolResult result;
            try (CancelOnShutdown cancel = CancelOnShutdown.during(bar, root.err())) {
                result = target.callTool(target.nameOf(tool), arguments, CallOptions.builder().onProgress(bar).build());
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

    private ObjectNode parseArguments(String json) {
        try {
            return ToolArguments.parse(pairs == null ? List.of() : pairs, json);
        } catch (IllegalArgumentException e) {
            throw root.connection.usage(e.getMessage());
        }
    }
}
