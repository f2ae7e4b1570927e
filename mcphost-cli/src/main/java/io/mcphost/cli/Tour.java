package io.mcphost.cli;

import io.mcphost.client.CallOptions;
import io.mcphost.client.McpClient;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.lifecycle.ServerCapabilities;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The README's first command: what the server is, what it offers, and a few calls showing text,
 * structured output, progress and a tool error. Against another server it shows what it offers
 * and calls nothing.
 */
final class Tour {

    private final McpHostCommand command;
    private final McpClient client;
    private final PrintWriter out;
    private final Printer printer;

    Tour(McpHostCommand command, McpClient client) {
        this.command = command;
        this.client = client;
        this.out = command.out();
        this.printer = command.printer();
    }

    /** What {@code info --json} prints for one server. */
    static ObjectNode infoJson(McpClient client) {
        ObjectNode info = Json.newObject();
        info.set("serverInfo", Json.valueToTree(client.serverInfo()));
        info.put("protocolVersion", client.protocolVersion().id());
        info.put("era", client.era().name().toLowerCase(java.util.Locale.ROOT));
        info.set("capabilities", Json.valueToTree(client.serverCapabilities()));
        client.instructions().ifPresent(i -> info.put("instructions", i));
        return info;
    }

    void info() {
        ServerCapabilities caps = client.serverCapabilities();
        if (printer.isJson()) {
            printer.json(infoJson(client));
            return;
        }
        List<String> offered = new ArrayList<>();
        caps.tools().ifPresent(c -> offered.add("tools"));
        caps.resources().ifPresent(c -> offered.add("resources"));
        caps.prompts().ifPresent(c -> offered.add("prompts"));
        caps.completions().ifPresent(c -> offered.add("completions"));
        caps.logging().ifPresent(c -> offered.add("logging"));
        caps.tasks().ifPresent(c -> offered.add("tasks"));
        printer.table(List.of(
                new String[] {"server", client.serverInfo().name() + " " + client.serverInfo().version()},
                new String[] {"protocol", client.protocolVersion().id()},
                new String[] {"era", client.era() == io.mcphost.protocol.Era.MODERN
                        ? "modern (stateless, per-request metadata)" : "legacy (initialize handshake)"},
                new String[] {"capabilities", String.join(", ", offered)}));
        // In full, not cut to the line: instructions are the server's manual and may run to paragraphs.
        out.println("instructions" + client.instructions().map(i -> ":\n" + i.strip()).orElse("  (none)"));
        out.flush();
    }

    int run() {
        heading("Server");
        info();
        if (printer.isJson()) {
            return McpHostCommand.OK;
        }
        List<Tool> tools = client.serverCapabilities().tools().isPresent() ? client.listTools() : List.of();
        heading("Tools (" + tools.size() + ")");
        printer.table(tools.stream().map(t -> new String[] {t.name(), t.description().orElse("")}).toList());
        boolean demo = client.serverInfo().name().equals("mcphost-demo");
        if (demo) {
            demoCalls();
        }
        if (client.serverCapabilities().resources().isPresent()) {
            heading("Resources");
            List<String[]> rows = new ArrayList<>();
            client.listResources().forEach(r -> rows.add(new String[] {r.uri(), r.description().orElse(r.name())}));
            client.listResourceTemplates().forEach(t -> rows.add(new String[] {t.uriTemplate(), "(template) "
                    + t.description().orElse(t.name())}));
            printer.table(rows);
        }
        if (client.serverCapabilities().prompts().isPresent()) {
            heading("Prompts");
            printer.table(client.listPrompts().stream().map(p -> new String[] {p.name(), p.description().orElse("")}).toList());
        }
        out.println();
        // greet stays out of the tour: it asks the user, and the tour must run unattended (CI).
        out.println(demo ? "Next: ./mcphost call calculate expression='2*(3+4)'   ./mcphost call greet   ./mcphost --help"
                : "Next: mcphost --stdio \"...\" call <tool> key=value");
        out.flush();
        return McpHostCommand.OK;
    }

    private void demoCalls() {
        show("echo", "{\"text\":\"Hello from McpHost!\"}", null);
        show("add", "{\"a\":19,\"b\":23}", null);
        show("slow_task", "{\"steps\":5,\"delayMs\":200}", command.progressBar());
        show("fail", "{\"reason\":\"to show a tool error\"}", null);
    }

    private void show(String tool, String arguments, ProgressBar bar) {
        JsonNode args = Json.parse(arguments);
        heading("call " + tool + " " + args);
        CallToolResult result;
        if (bar == null) {
            result = client.callTool(tool, args, CallOptions.defaults());
        } else {
            try {
                result = client.callTool(tool, args, CallOptions.builder().onProgress(bar).build());
            } finally {
                bar.finish();
            }
        }
        if (result.isError()) {
            out.print("(tool error) ");
        }
        command.printResult(result, true); // the tour is there to show structured output
    }

    private void heading(String title) {
        out.println();
        out.println("== " + title + " " + "=".repeat(Math.max(0, 60 - title.length())));
        out.flush();
    }
}
