package io.mcphost.cli;

import io.mcphost.client.LoadedSkill;
import io.mcphost.host.HostSkill;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code mcphost skill NAME [-o DIR]}: a skill loaded from its own server and verified (each file's size and
 * digest against the entry, the {@code SKILL.md} frontmatter too). Without {@code -o} its {@code SKILL.md} is
 * printed; with {@code -o} every listed file is written under {@code DIR/<server>/<skill path>/}, all or nothing
 * ({@link SkillExport}). A skill that fails verification exits {@link ExitCode#VERIFICATION} with nothing
 * printed or written.
 */
@Command(name = "skill", description = "Print a skill's verified SKILL.md, or write all its files: skill <name> [-o DIR].",
        footer = {"", "Examples:", "  mcphost --config mcp.json skill docs__pdf-processing",
            "  mcphost --config mcp.json skill docs__pdf-processing -o skills",
            "      # writes skills/docs/pdf-processing/..., every file verified"})
final class SkillCommand implements Callable<Integer> {
    @ParentCommand
    McpHostCommand root;

    @Parameters(paramLabel = "NAME", description = "The skill's name, as 'mcphost skills' lists it.")
    String name;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", description = "Write every file of the skill, verified,"
            + " under DIR/<server>/<skill path>/ instead of printing SKILL.md; refuses to overwrite.")
    Path output;

    @Override
    public Integer call() {
        try (Target target = root.open(McpHostCommand.Need.catalog(name, false))) {
            HostSkill skill = target.skill(target.nameOf(name));
            LoadedSkill loaded = target.loadSkill(skill);
            Printer p = root.printer();
            if (output != null) {
                SkillExport.Result written;
                try {
                    written = SkillExport.export(skill.server(), loaded, output);
                } catch (UncheckedIOException e) {
                    throw root.connection.usage("-o: " + e.getMessage());
                }
                if (p.isJson()) {
                    p.json(Map.of("name", skill.name(), "server", skill.server(), "directory", written.directory().toString(),
                            "files", written.files(), "bytes", written.bytes()));
                }
                root.err().println("mcphost: wrote " + written.files().size() + " file(s), " + written.bytes() + " bytes, of skill '"
                        + skill.name() + "' to " + written.directory());
                root.err().flush();
                return ExitCode.OK;
            }
            if (p.isJson()) {
                p.json(Map.of("name", skill.name(), "server", skill.server(), "skill", skill.skill(),
                        "instructions", loaded.instructions()));
                return ExitCode.OK;
            }
            p.out().print(loaded.instructions());
            if (!loaded.instructions().endsWith("\n")) {
                p.out().println();
            }
            p.out().flush();
            return ExitCode.OK;
        }
    }
}
