package io.mcphost.cli;

import io.mcphost.protocol.prompts.GetPromptResult;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code mcphost prompt NAME [KEY=VALUE ...]}: a prompt rendered, one block per message. */
@Command(name = "prompt", description = "Get a prompt: prompt <name> [key=value ...].",
        footer = {"", "Examples:", "  mcphost prompt summarize text='MCP connects models to tools'",
            "  mcphost --config mcp.json prompt everything__simple-prompt",
            "      # a prefixed name starts only its server ('everything')",
            "  mcphost --json prompt summarize text=hi"})
final class PromptCommand implements Callable<Integer> {
    @ParentCommand
    McpHostCommand root;

    @Parameters(index = "0", paramLabel = "NAME", description = "The prompt's name.")
    String name;

    @Parameters(index = "1..*", paramLabel = "KEY=VALUE", arity = "0..*",
            description = "An argument; prompt arguments are always strings.")
    List<String> pairs;

    @Override
    public Integer call() {
        Map<String, String> arguments;
        try {
            arguments = ToolArguments.strings(pairs == null ? List.of() : pairs);
        } catch (IllegalArgumentException e) {
            throw root.connection.usage(e.getMessage());
        }
        try (Target target = root.open(McpHostCommand.Need.catalog(name, false))) {
            GetPromptResult result = target.getPrompt(target.nameOf(name), arguments);
            Printer p = root.printer();
            if (p.isJson()) {
                p.json(result);
                return ExitCode.OK;
            }
            result.description().ifPresent(d -> p.out().println("# " + d));
            result.messages().forEach(m -> {
                p.out().println("[" + m.role().name().toLowerCase(Locale.ROOT) + "]");
                p.content(List.of(m.content()));
            });
            p.out().flush();
            return ExitCode.OK;
        }
    }
}
