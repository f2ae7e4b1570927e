package io.mcphost.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/**
 * Arranges {@code mcphost --help}: commands in the order a newcomer uses them (not the order picocli
 * found them), {@code mcphost help CMD}, examples and the exit-code table under the usage.
 */
final class Help {
    /** Listed first, in this order; any other command follows in its own order. */
    private static final List<String> ORDER = List.of("demo", "info", "tools", "call", "resources", "read", "prompts",
            "prompt", "complete", "subscribe", "tasks", "ping", "servers", "request", "help");

    private Help() {
    }

    static void arrange(CommandLine cli) {
        cli.addSubcommand("help", new CommandLine.HelpCommand());
        // Re-registering subcommands in another order would inherit the global options twice; the list is
        // ordered where it is printed instead.
        cli.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_COMMAND_LIST, help -> {
            // The keys are the names as listed ("tools, describe"); the order goes by the command's own name.
            Map<String, CommandLine.Help> ordered = new LinkedHashMap<>();
            for (String name : ORDER) {
                help.subcommands().forEach((key, sub) -> {
                    if (sub.commandSpec().name().equals(name)) {
                        ordered.put(key, sub);
                    }
                });
            }
            help.subcommands().forEach(ordered::putIfAbsent);
            return help.commandList(ordered);
        });
        List<String> footer = new ArrayList<>(List.of("", "Examples:",
                "  mcphost                                   tour the embedded demo server",
                "  mcphost tools -l                          one signature per tool",
                "  mcphost tools add                         describe one tool",
                "  mcphost call add a=1 b=2",
                "  mcphost call echo --json @args.json       arguments from a file (- for stdin)",
                "  mcphost --stdio \"npx -y @modelcontextprotocol/server-everything\" tools",
                "  mcphost --config claude-desktop servers",
                "  mcphost help call", ""));
        footer.addAll(List.of(ExitCode.TABLE));
        cli.getCommandSpec().usageMessage().footer(footer.toArray(String[]::new));
    }
}
