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
    /** The commands' order: the table's, then {@code help}; any other command follows in its own order. */
    private static final List<String> ORDER = java.util.stream.Stream.concat(
            McpHostCommand.COMMAND_TABLE.stream().map(listed -> listed.names().getFirst()), java.util.stream.Stream.of("help")).toList();

    private Help() {
    }

    /**
     * @param all whether the model has every command (else only those the command line names, which
     *            never include {@code help}: its word makes {@link Main} build them all)
     */
    static void arrange(CommandLine cli, boolean all) {
        if (all) {
            cli.addSubcommand("help", new CommandLine.HelpCommand());
        }
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
        cli.getSubcommands().values().forEach(Help::showOwnOptionsOnly);
    }

    /**
     * A command's help lists its own options and points to the root for the global ones: picocli would
     * repeat every inherited option (about twenty) in each command's help, burying the two or three that
     * belong to it. The global options still parse everywhere; only their listing moves to
     * {@code mcphost --help}. Applied to nested commands too ({@code tasks list}).
     */
    private static void showOwnOptionsOnly(CommandLine command) {
        // "[OPTIONS]" in the synopsis: the detailed one would spell out the inherited options again.
        command.getCommandSpec().usageMessage().abbreviateSynopsis(true);
        command.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST, help -> {
            List<CommandLine.Model.OptionSpec> own = help.commandSpec().options().stream()
                    // -V is the program's version, not the command's: mcphost --version has it.
                    .filter(o -> (!o.inherited() || o.usageHelp()) && !o.versionHelp()).toList();
            return help.optionListExcludingGroups(own) + GLOBAL_OPTIONS_LINE + System.lineSeparator();
        });
        command.getSubcommands().values().forEach(Help::showOwnOptionsOnly);
    }

    /** What a command's help says instead of listing the global options. */
    static final String GLOBAL_OPTIONS_LINE = "Global options (--stdio, --url, --config, --json, -v, ...): see mcphost --help";
}
