package io.mcphost.cli;

import io.mcphost.client.CallOptions;
import io.mcphost.config.ConfigLocations;
import io.mcphost.config.InputResolver;
import io.mcphost.config.McpConfig;
import io.mcphost.config.McpConfigException;
import io.mcphost.config.McpConfigLoader;
import io.mcphost.host.HostPrompt;
import io.mcphost.host.HostTool;
import io.mcphost.host.McpHost;
import io.mcphost.host.ReconnectPolicy;
import io.mcphost.host.ServerState;
import io.mcphost.host.ServerStatus;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.tools.CallToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;
import tools.jackson.databind.node.ObjectNode;

/**
 * The CLI's commands over many servers ({@code --config}): one {@link McpHost} started from a
 * configuration file, prefixed names, and a status table. Servers that cannot start are reported on
 * stderr and the command goes on with the others, as the host itself does.
 */
final class HostCommands implements AutoCloseable {
    private final McpHostCommand cli;
    private final McpHost host;

    private HostCommands(McpHostCommand cli, McpHost host) {
        this.cli = cli;
        this.host = host;
    }

    /**
     * Starts the host of {@code config}: a file, or a shortcut ({@code claude-desktop}, {@code claude-code},
     * {@code vscode}, {@code cursor}) naming that tool's usual file.
     */
    static HostCommands open(McpHostCommand cli, String config, InputResolver inputs, ClientFeatures features) {
        Path file = resolve(cli, config);
        McpConfig loaded;
        try {
            loaded = McpConfigLoader.builder().inputs(inputs).build().load(file);
        } catch (McpConfigException e) {
            throw new CommandLine.ParameterException(cli.spec.commandLine(), e.getMessage());
        }
        if (loaded.enabledServers().isEmpty()) {
            throw new CommandLine.ParameterException(cli.spec.commandLine(), file + " configures no enabled server");
        }
        McpHost host = features.configure(McpHost.fromConfig(loaded)
                .requestTimeout(cli.requestTimeout())
                .startupTimeout(cli.requestTimeout())
                .reconnect(ReconnectPolicy.never())) // one command, one run: nothing to wait for
                .start();
        try {
            features.afterStart(host);
        } catch (RuntimeException e) {
            host.close();
            throw e;
        }
        HostCommands commands = new HostCommands(cli, host);
        commands.reportFailures();
        return commands;
    }

    private static Path resolve(McpHostCommand cli, String config) {
        if (ConfigLocations.shortcuts().contains(config.toLowerCase(Locale.ROOT))) {
            Path path = ConfigLocations.resolve(config.toLowerCase(Locale.ROOT));
            if (!Files.isRegularFile(path)) {
                throw new CommandLine.ParameterException(cli.spec.commandLine(),
                        "--config " + config + ": there is no file at " + path);
            }
            return path;
        }
        Path path = Path.of(config);
        if (!Files.isRegularFile(path)) {
            throw new CommandLine.ParameterException(cli.spec.commandLine(), "--config: no such file: " + config
                    + " (or use a shortcut: " + String.join(", ", ConfigLocations.shortcuts()) + ")");
        }
        return path;
    }

    private void reportFailures() {
        for (ServerStatus s : host.servers()) {
            if (s.state() != ServerState.READY) {
                // The error already names the server.
                cli.err().println("mcphost: unavailable: " + s.lastErrorMessage()
                        .orElse("server '" + s.name() + "' is " + s.state().name().toLowerCase(Locale.ROOT)));
            }
        }
        cli.err().flush();
    }

    /** A status as JSON: the error as its message, since an exception's fields are no part of the output. */
    private static Map<String, Object> statusJson(ServerStatus s) {
        Map<String, Object> json = new java.util.LinkedHashMap<>();
        json.put("name", s.name());
        json.put("state", s.state());
        json.put("transport", s.transport());
        json.put("required", s.required());
        json.put("protocolVersion", s.protocolVersion());
        json.put("serverInfo", s.serverInfo());
        json.put("toolCount", s.toolCount());
        json.put("lastError", s.lastErrorMessage());
        json.put("stderrTail", s.stderrTail());
        json.put("reconnectAttempts", s.reconnectAttempts());
        json.put("since", s.since());
        return json;
    }

    int servers() {
        List<ServerStatus> servers = host.servers();
        Printer p = cli.printer();
        if (p.isJson()) {
            p.json(Map.of("servers", servers.stream().map(HostCommands::statusJson).toList()));
            return McpHostCommand.OK;
        }
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"SERVER", "STATE", "TOOLS", "PROTOCOL", "TRANSPORT / ERROR"});
        for (ServerStatus s : servers) {
            rows.add(new String[] {s.name(), s.state().name().toLowerCase(Locale.ROOT), String.valueOf(s.toolCount()),
                s.protocolVersion().map(Object::toString).orElse("-"),
                s.state() == ServerState.READY ? s.transport() : s.lastErrorMessage().orElse(s.transport())});
        }
        p.grid(rows);
        return servers.stream().allMatch(s -> s.state() == ServerState.READY) ? McpHostCommand.OK : McpHostCommand.FAILURE;
    }

    int tools() {
        List<HostTool> tools = host.tools();
        Printer p = cli.printer();
        if (p.isJson()) {
            p.json(Map.of("tools", tools.stream().map(t -> {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("name", t.name());
                m.put("server", t.server());
                m.put("tool", t.tool());
                return m;
            }).toList()));
        } else {
            p.table(tools.stream().map(t -> new String[] {t.name(), t.tool().description().orElse("")}).toList());
        }
        return McpHostCommand.OK;
    }

    int call(String tool, ObjectNode arguments) {
        ProgressBar bar = cli.progressBar();
        CallToolResult result;
        try {
            result = host.callTool(tool, arguments, CallOptions.builder().onProgress(bar).build());
        } finally {
            bar.finish();
        }
        cli.printResult(result);
        return result.isError() ? McpHostCommand.TOOL_ERROR : McpHostCommand.OK;
    }

    int resources() {
        Printer p = cli.printer();
        if (p.isJson()) {
            p.json(Map.of("resources", host.resources(), "resourceTemplates", host.resourceTemplates()));
            return McpHostCommand.OK;
        }
        List<String[]> rows = new ArrayList<>();
        host.resources().forEach(r -> rows.add(new String[] {r.resource().uri(),
            "[" + r.server() + "] " + r.resource().description().orElse(r.resource().name())}));
        host.resourceTemplates().forEach(t -> rows.add(new String[] {t.template().uriTemplate(),
            "[" + t.server() + "] (template) " + t.template().description().orElse(t.template().name())}));
        p.table(rows);
        return McpHostCommand.OK;
    }

    int read(String uri) {
        ReadResourceResult result = host.readResource(uri);
        Printer p = cli.printer();
        if (p.isJson()) {
            p.json(result);
        } else {
            p.resourceContents(result.contents());
        }
        return McpHostCommand.OK;
    }

    int prompts() {
        Printer p = cli.printer();
        List<HostPrompt> prompts = host.prompts();
        if (p.isJson()) {
            p.json(Map.of("prompts", prompts.stream().map(pr -> Map.of("name", pr.name(), "server", pr.server(),
                    "prompt", pr.prompt())).toList()));
            return McpHostCommand.OK;
        }
        p.table(prompts.stream().map(pr -> new String[] {pr.name() + McpHostCommand.arguments(pr.prompt()),
            pr.prompt().description().orElse("")}).toList());
        return McpHostCommand.OK;
    }

    GetPromptResult prompt(String name, Map<String, String> arguments) {
        return host.getPrompt(name, arguments);
    }

    @Override
    public void close() {
        host.close();
    }
}
