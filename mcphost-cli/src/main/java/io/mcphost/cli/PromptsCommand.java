package io.mcphost.cli;

import io.mcphost.host.HostPrompt;
import io.mcphost.protocol.prompts.Prompt;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code mcphost prompts}: each prompt with its arguments ({@code [optional]}) and description. */
@Command(name = "prompts", description = "List prompts and their arguments.",
        footer = {"", "Examples:", "  mcphost prompts", "  mcphost --config mcp.json prompts", "  mcphost --json prompts"})
final class PromptsCommand implements Callable<Integer> {
    @ParentCommand
    McpHostCommand root;

    @Override
    public Integer call() {
        try (Target target = root.open(McpHostCommand.Need.catalog(null, false))) {
            List<HostPrompt> prompts = target.prompts();
            Printer p = root.printer();
            if (p.isJson()) {
                p.json(Map.of("prompts", target.isHost()
                        ? prompts.stream().map(pr -> Map.of("name", pr.name(), "server", pr.server(), "prompt", pr.prompt())).toList()
                        : prompts.stream().map(HostPrompt::prompt).toList()));
                return ExitCode.OK;
            }
            p.table(prompts.stream().map(pr -> new String[] {pr.name() + arguments(pr.prompt()),
                pr.prompt().description().orElse("")}).toList());
            return ExitCode.OK;
        }
    }

    static String arguments(Prompt prompt) {
        if (prompt.arguments().isEmpty()) {
            return "";
        }
        return prompt.arguments().stream().map(a -> a.required() ? a.name() : "[" + a.name() + "]")
                .collect(Collectors.joining(" ", " ", ""));
    }
}
