package io.mcphost.cli;

import io.mcphost.host.HostTool;
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
                                closest(wanted, tools.stream().map(HostTool::name).toList())));
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

    /** The name closest to {@code wanted} when it is a likely typo (edit distance at most a third of its length). */
    static String closest(String wanted, List<String> names) {
        String best = null;
        int bestDistance = Math.max(1, wanted.length() / 3) + 1;
        for (String candidate : names) {
            int d = distance(wanted, candidate);
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        return best;
    }

    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
