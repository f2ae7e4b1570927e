package io.mcphost.cli;

import io.mcphost.protocol.resources.ReadResourceResult;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code mcphost read URI}: a resource's contents. With {@code --config}, which server holds a URI is only
 * known from the servers' own lists, so the URI's scheme names its server ({@code demo://readme}: the
 * server called {@code demo}), {@code --server} picks one, and only when neither finds it are the other
 * servers started, which stderr says ({@link HostTarget#openForUri}).
 */
@Command(name = "read", description = "Read a resource by URI.",
        footer = {"", "Examples:", "  mcphost read demo://readme", "  mcphost read demo://notes/todo",
            "  mcphost --config mcp.json read demo://readme   # starts only server 'demo'",
            "  mcphost --config mcp.json --server everything \\",
            "      read demo://resource/static/document/architecture.md",
            "  mcphost read demo://notes/todo -o todo.txt   # save the contents in a file"})
final class ReadCommand implements Callable<Integer> {
    @ParentCommand
    McpHostCommand root;

    @Parameters(paramLabel = "URI", description = "The resource's URI, e.g. demo://readme.")
    String uri;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Save the contents (decoded when"
            + " binary) in FILE instead of printing them.")
    Path output;

    @Override
    public Integer call() {
        try (Target target = root.open(McpHostCommand.Need.uri(uri, true))) {
            ReadResourceResult result = target.readResource(uri);
            if (output != null) {
                root.saved(() -> SavedOutput.save(result.contents(), output));
                return ExitCode.OK;
            }
            Printer p = root.printer();
            if (p.isJson()) {
                p.json(result);
            } else {
                p.resourceContents(result.contents());
            }
            return ExitCode.OK;
        }
    }
}
