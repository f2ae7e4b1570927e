package io.mcphost.cli;

import io.mcphost.host.HostSkill;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/**
 * {@code mcphost skills}: each skill (Skills extension) with its server and description. Entries only: listing
 * reads no file of a skill. One server that does not announce the extension exits 3; of a {@code --config},
 * such servers list none.
 */
@Command(name = "skills", description = "List skills (Skills extension): name, server, description.",
        footer = {"", "Examples:", "  mcphost --config mcp.json skills", "  mcphost --url http://localhost:3000/mcp skills",
            "  mcphost --json --config mcp.json skills"})
final class SkillsCommand implements Callable<Integer> {
    @ParentCommand
    McpHostCommand root;

    @Override
    public Integer call() {
        try (Target target = root.open(McpHostCommand.Need.catalog(null, false))) {
            List<HostSkill> skills = target.skills();
            Printer p = root.printer();
            if (p.isJson()) {
                p.json(Map.of("skills", target.isHost()
                        ? skills.stream().map(s -> Map.of("name", s.name(), "server", s.server(), "skill", s.skill())).toList()
                        : skills.stream().map(HostSkill::skill).toList()));
                return ExitCode.OK;
            }
            p.grid(skills.stream().map(s -> new String[] {s.name(), s.server(), s.skill().description()}).toList());
            return ExitCode.OK;
        }
    }
}
