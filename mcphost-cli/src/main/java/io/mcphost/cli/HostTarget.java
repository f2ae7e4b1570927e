package io.mcphost.cli;

import io.mcphost.client.CallOptions;
import io.mcphost.config.ConfigLocations;
import io.mcphost.config.InputResolver;
import io.mcphost.config.McpConfig;
import io.mcphost.config.McpConfigException;
import io.mcphost.config.McpConfigLoader;
import io.mcphost.config.ServerConfig;
import io.mcphost.host.HostPrompt;
import io.mcphost.host.HostResource;
import io.mcphost.host.HostResourceTemplate;
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
import tools.jackson.databind.JsonNode;

/**
 * The {@link Target} of many servers ({@code --config}): one {@link McpHost} started from a
 * configuration file, with prefixed names. Servers that cannot start are reported on
 * stderr and the command goes on with the others, as the host itself does.
 */
final class HostTarget implements Target {
    private final McpHostCommand cli;
    private final McpHost host;

    private HostTarget(McpHostCommand cli, McpHost host) {
        this.cli = cli;
        this.host = host;
    }

    /**
     * Starts the host of {@code config}: a file, or a shortcut ({@code claude-desktop}, {@code claude-code},
     * {@code vscode}, {@code cursor}) naming that tool's usual file.
     */
    static HostTarget open(McpHostCommand cli, McpConfig loaded, ClientFeatures features, boolean ownNames) {
        McpHost.Builder builder = McpHost.fromConfig(loaded);
        if (ownNames) {
            builder.naming(io.mcphost.host.ToolNaming.unprefixed());
        }
        if (CliOAuth.forCommand(cli) != null) {
            // On a terminal, a server that needs a user waits with its URL in its status; reportFailures prints it.
            builder.authorization(url -> { });
        }
        McpHost host = features.configure(builder
                .requestTimeout(cli.requestTimeout())
                .startupTimeout(cli.requestTimeout())
                .closeTimeout(ClientTarget.CLOSE_BUDGET)
                .reconnect(ReconnectPolicy.never())) // one command, one run: nothing to wait for
                .start();
        try {
            features.afterStart(host);
        } catch (RuntimeException e) {
            host.close();
            throw e;
        }
        HostTarget commands = new HostTarget(cli, host);
        commands.reportFailures();
        return commands;
    }

    /** Loads a configuration: a file, or a shortcut naming a tool's usual file. Mistakes are usage errors. */
    static McpConfig load(McpHostCommand cli, String config, InputResolver inputs) {
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
        return loaded;
    }

    /**
     * The servers a command needs: the one {@code --server} names, else the one a prefixed name
     * ({@code demo__echo}) points to, else all. Starting only those keeps a call fast and keeps a broken
     * server that is not involved out of the way.
     *
     * @param server   the {@code --server} option, or null
     * @param nameHint a tool or prompt name as given, or null
     */
    static McpConfig narrow(McpHostCommand cli, McpConfig config, String server, String nameHint) {
        if (server != null) {
            ServerConfig chosen = config.enabledServers().stream().filter(s -> s.name().equals(server)).findFirst()
                    .orElseThrow(() -> new CommandLine.ParameterException(cli.spec.commandLine(), "--server " + server
                            + ": no enabled server of that name (there are: " + String.join(", ",
                            config.enabledServers().stream().map(ServerConfig::name).toList()) + ")"));
            return new McpConfig(List.of(chosen), config.inputs(), config.source());
        }
        int separator = nameHint == null ? -1 : nameHint.indexOf("__");
        if (separator > 0) {
            String prefix = nameHint.substring(0, separator);
            List<ServerConfig> named = config.enabledServers().stream()
                    .filter(s -> s.prefix().orElse(s.name()).equals(prefix)).toList();
            if (!named.isEmpty()) {
                return new McpConfig(named, config.inputs(), config.source());
            }
        }
        return config;
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
            if (s.state() == ServerState.AUTH_REQUIRED && s.authorizationUrl().isPresent()) {
                cli.err().println("mcphost: server '" + s.name() + "' needs authorisation: visit " + s.authorizationUrl().get()
                        + " (or run `mcphost --config … --server " + s.name() + " login`)");
            } else if (s.state() != ServerState.READY) {
                // The error already names the server.
                cli.err().println("mcphost: unavailable: " + s.lastErrorMessage()
                        .orElse("server '" + s.name() + "' is " + s.state().name().toLowerCase(Locale.ROOT)));
            }
        }
        cli.err().flush();
    }

    @Override
    public boolean isHost() {
        return true;
    }

    /** The host itself, for the status table and per-server commands. */
    McpHost host() {
        return host;
    }

    @Override
    public List<HostTool> tools() {
        return host.tools();
    }

    @Override
    public CallToolResult callTool(String name, JsonNode arguments, CallOptions options) {
        return host.callTool(name, arguments, options);
    }

    @Override
    public List<HostResource> resources() {
        return host.resources();
    }

    @Override
    public List<HostResourceTemplate> resourceTemplates() {
        return host.resourceTemplates();
    }

    @Override
    public ReadResourceResult readResource(String uri) {
        return host.readResource(uri);
    }

    @Override
    public List<HostPrompt> prompts() {
        return host.prompts();
    }

    @Override
    public GetPromptResult getPrompt(String name, Map<String, String> arguments) {
        return host.getPrompt(name, arguments);
    }

    @Override
    public void close() {
        host.close();
    }
}
