package io.mcphost.cli;

import io.mcphost.client.ClientSettings;
import io.mcphost.client.McpClient;
import io.mcphost.client.McpClientBuilder;
import io.mcphost.host.ServerSpec;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.transport.Transport;
import io.mcphost.transport.http.HttpTransport;
import io.mcphost.transport.stdio.StdioTransport;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/**
 * Connects a command to the one server its options name: {@code --stdio} (or the embedded demo
 * server), or {@code --url} with its headers, bearer token and transport mode. Option mistakes become
 * picocli usage errors naming the option. The connect blocks until the handshake is done.
 */
final class OneServer {
    private OneServer() {
    }

    static McpClient open(McpHostCommand cmd) {
        if (cmd.connection.url != null) {
            return openHttp(cmd);
        }
        if (!cmd.connection.headers.isEmpty() || cmd.connection.bearerEnv != null || cmd.connection.transportMode != null) {
            throw new CommandLine.ParameterException(cmd.spec.commandLine(), "--header, --bearer-env and --transport need --url");
        }
        Map<String, String> variables = new LinkedHashMap<>();
        for (String pair : cmd.connection.env) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new CommandLine.ParameterException(cmd.spec.commandLine(), "--env takes K=V, not '" + pair + "'");
            }
            variables.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        List<String> command;
        String name;
        if (cmd.connection.stdio != null) {
            try {
                command = ShellWords.split(cmd.connection.stdio);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(cmd.spec.commandLine(), "--stdio: " + e.getMessage());
            }
            if (command.isEmpty()) {
                throw new CommandLine.ParameterException(cmd.spec.commandLine(), "--stdio needs a command");
            }
            name = Path.of(command.getFirst()).getFileName().toString();
        } else {
            command = DemoServer.command();
            name = "demo";
        }
        // The server Main spawned before parsing, when it is this one (EarlyServer); else started now.
        Duration grace = cmd.closeGrace();
        Transport transport = EarlyServer.claim(command, name, variables, cmd.connection.envPass, grace).orElseGet(() ->
                StdioTransport.builder(command).name(name).env(variables).envPassthrough(cmd.connection.envPass)
                        .closeGracePeriod(grace).build());
        return connect(cmd, transport, name, ClientSettings.NONE);
    }

    /**
     * Connects to one server of a configuration file, as a host would make it ({@link ServerSpec#fromConfig}): its
     * transport, and its own client settings (the entry's {@code timeout}, {@code era}) over the command line's.
     */
    static McpClient open(McpHostCommand cmd, io.mcphost.config.ServerConfig server) {
        Duration grace = cmd.closeGrace();
        ServerSpec spec = ServerSpec.fromConfig(server, stdio -> stdio.closeGracePeriod(grace));
        return connect(cmd, spec.newTransport(), server.name(), spec.settings());
    }

    private static McpClient openHttp(McpHostCommand cmd) {
        if (cmd.connection.stdio != null) {
            throw new CommandLine.ParameterException(cmd.spec.commandLine(), "give either --stdio or --url, not both");
        }
        if (!cmd.connection.env.isEmpty() || !cmd.connection.envPass.isEmpty()) {
            throw new CommandLine.ParameterException(cmd.spec.commandLine(), "--env and --env-pass set a local server's environment; they do not apply to --url");
        }
        HttpTransport.Builder builder;
        try {
            builder = HttpTransport.builder(cmd.connection.url).mode(mode(cmd.connection.transportMode));
            for (String header : cmd.connection.headers) {
                int colon = header.indexOf(':');
                if (colon <= 0) {
                    throw new IllegalArgumentException("--header takes K:V, not '" + header + "'");
                }
                builder.header(header.substring(0, colon).strip(), header.substring(colon + 1).strip());
            }
            if (cmd.connection.bearerEnv != null) {
                builder.bearerTokenEnv(cmd.connection.bearerEnv);
            }
            CliOAuth.configure(cmd, builder); // a 401 starts the OAuth flow (docs/oauth.md)
            String name = java.net.URI.create(cmd.connection.url).getHost();
            HttpTransport transport = builder.name(name).build();
            return connect(cmd, transport, name, ClientSettings.NONE);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new CommandLine.ParameterException(cmd.spec.commandLine(), e.getMessage());
        }
    }

    /**
     * Connects with {@code own} client settings (a configuration entry's) over the command line's, as a host puts a
     * server's own over its own; the terminal's elicitation, sampling as chosen and --log-level; see {@link ClientFeatures}.
     */
    private static McpClient connect(McpHostCommand cmd, Transport transport, String name, ClientSettings own) {
        McpClientBuilder builder = McpClient.builder(transport).name(name).settings(own.orElse(cmd.clientSettings()));
        return cmd.features().connect(builder, name);
    }

    private static HttpTransport.Mode mode(String transportMode) {
        if (transportMode == null) {
            return HttpTransport.Mode.AUTO;
        }
        return switch (transportMode.toLowerCase(java.util.Locale.ROOT)) {
            case "auto" -> HttpTransport.Mode.AUTO;
            case "http", "streamable-http", "streamablehttp" -> HttpTransport.Mode.STREAMABLE_HTTP;
            case "sse" -> HttpTransport.Mode.SSE;
            default -> throw new IllegalArgumentException("--transport takes auto, http or sse, not '" + transportMode + "'");
        };
    }
}
