package io.mcphost.cli;

import io.mcphost.host.ServerState;
import io.mcphost.host.ServerStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code mcphost servers}: the state of each server of a configuration, one row each. */
@Command(name = "servers", description = {"With --config: each server's state, tool count, protocol revision and"
        + " transport or error. Exits 4 when one is not ready (with --json too)."},
        footer = {"", "Examples:", "  mcphost --config ~/.cursor/mcp.json servers", "  mcphost --config claude-desktop --json servers"})
final class ServersCommand implements Callable<Integer> {
    @ParentCommand
    McpHostCommand root;

    ServersCommand() {
    }

    /** The bare {@code mcphost --config FILE} runs this too. */
    ServersCommand(McpHostCommand root) {
        this.root = root;
    }

    @Override
    public Integer call() {
        if (root.connection.configSource().isEmpty()) {
            throw new CommandLine.ParameterException(root.spec.commandLine(),
                    "'servers' lists the servers of a configuration: give --config FILE (or set MCPHOST_CONFIG)");
        }
        try (HostTarget target = (HostTarget) root.open(McpHostCommand.Need.status())) {
            List<ServerStatus> servers = target.host().servers();
            Printer p = root.printer();
            if (p.isJson()) {
                p.json(Map.of("servers", servers.stream().map(ServersCommand::statusJson).toList()));
            } else {
                List<String[]> rows = new ArrayList<>();
                rows.add(new String[] {"SERVER", "STATE", "TOOLS", "PROTOCOL", "TRANSPORT / ERROR"});
                for (ServerStatus s : servers) {
                    rows.add(new String[] {s.name(), s.state().name().toLowerCase(Locale.ROOT), String.valueOf(s.toolCount()),
                        s.protocolVersion().map(Object::toString).orElse("-"),
                        s.state() == ServerState.READY ? s.transport() : s.lastErrorMessage().orElse(s.transport())});
                }
                p.grid(rows);
            }
            return servers.stream().allMatch(s -> s.state() == ServerState.READY) ? ExitCode.OK : ExitCode.CONNECTION;
        }
    }

    /** A status as JSON: the error as its message, since an exception's fields are no part of the output. */
    private static Map<String, Object> statusJson(ServerStatus s) {
        Map<String, Object> json = new LinkedHashMap<>();
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

}
