package io.mcphost.cli;

import io.mcphost.host.HostResource;
import io.mcphost.host.HostResourceTemplate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code mcphost resources}: the resources and resource templates, one per row (with their server under --config). */
@Command(name = "resources", description = "List resources and resource templates.",
        footer = {"", "Examples:", "  mcphost resources", "  mcphost --config mcp.json --server filesystem resources",
            "  mcphost --json resources"})
final class ResourcesCommand implements Callable<Integer> {
    @ParentCommand
    McpHostCommand root;

    @Override
    public Integer call() {
        try (Target target = root.open(McpHostCommand.Need.catalog(null, false))) {
            List<HostResource> resources = target.resources();
            List<HostResourceTemplate> templates = target.resourceTemplates();
            Printer p = root.printer();
            if (p.isJson()) {
                p.json(target.isHost() ? Map.of("resources", resources, "resourceTemplates", templates)
                        : Map.of("resources", resources.stream().map(HostResource::resource).toList(),
                                "resourceTemplates", templates.stream().map(HostResourceTemplate::template).toList()));
                return ExitCode.OK;
            }
            List<String[]> rows = new ArrayList<>();
            for (HostResource r : resources) {
                rows.add(new String[] {r.resource().uri(), (target.isHost() ? "[" + r.server() + "] " : "")
                        + r.resource().description().orElse(r.resource().name())});
            }
            for (HostResourceTemplate t : templates) {
                rows.add(new String[] {t.template().uriTemplate(), (target.isHost() ? "[" + t.server() + "] " : "")
                        + "(template) " + t.template().description().orElse(t.template().name())});
            }
            p.table(rows);
            return ExitCode.OK;
        }
    }
}
