package io.mcphost.cli;

import io.mcphost.host.HostTool;
import io.mcphost.host.internal.catalog.NameSuggester;
import io.mcphost.protocol.McpNotFoundException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code mcphost tools [NAME]}: the tools of the server (or of every server of a configuration), one
 * per line, as signatures with {@code -l}, or one tool in full when named.
 */
@Command(name = "tools", aliases = "describe",
        description = {"List the tools; with NAME, describe one: its parameters, output schema, annotations and an"
            + " example call."},
        footer = {"", "Examples:", "  mcphost tools", "  mcphost tools -l", "  mcphost tools add",
            "  mcphost --config mcp.json tools github__create_issue"})
final class ToolsCommand implements Callable<Integer> {
    @ParentCommand
    McpHostCommand root;

    @Parameters(arity = "0..1", paramLabel = "NAME", description = "A tool to describe in full.")
    String name;

    @Option(names = {"-l", "--long"}, description = "One signature per tool: name and parameters with their types.")
    boolean signatures;

    @Override
    public Integer call() {
        try (Target target = root.open(McpHostCommand.Need.catalog(name, false))) { // a prefixed NAME starts only its server
            List<HostTool> tools = target.tools();
            Printer p = root.printer();
            if (name != null) {
                String wanted = target.nameOf(name);
                HostTool tool = tools.stream().filter(t -> t.name().equals(wanted)).findFirst()
                        .orElseThrow(() -> new McpNotFoundException("no tool named '" + wanted + "'",
                                closest(wanted, tools)));
                if (p.isJson()) {
                    p.json(target.isHost() ? tool : tool.tool());
                } else {
                    new ToolDescription(p.out(), root.columns()).print(tool.name(), tool.tool(), root.exampleCommand());
                }
                return ExitCode.OK;
            }
            if (p.isJson()) {
                p.json(Map.of("tools", target.isHost() ? tools : tools.stream().map(HostTool::tool).toList()));
            } else if (signatures) {
                tools.forEach(t -> p.out().println(ToolDescription.signature(t.name(), t.tool())));
                p.out().flush();
            } else {
                p.table(tools.stream().map(t -> new String[] {t.name(), t.tool().description().orElse("")}).toList());
            }
            return ExitCode.OK;
        }
    }

    /**
     * "Did you mean …?" for {@code wanted} among {@code tools}, by the catalog's own rules (a dropped prefix, case,
     * a mistyped character: {@link NameSuggester}); null when nothing is close.
     */
    static String closest(String wanted, List<HostTool> tools) {
        return new NameSuggester(tools.stream().map(t -> new NameSuggester.Candidate(t.name(), t.originalName())).toList())
                .suggest(wanted).orElse(null);
    }
}
