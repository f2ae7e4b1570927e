package io.mcphost.cli;

import io.mcphost.auth.OAuthClient;
import io.mcphost.auth.StoredTokens;
import io.mcphost.client.McpClient;
import java.net.URI;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code mcphost --url URL login}: authorise now (OAuth), so later commands and hosts find the token stored. */
@Command(name = "login", description = {"With --url (or --config and --server): authorise with the server's OAuth authorization server now: prints"
        + " the URL to visit (and opens it with --browser); the token is stored in ~/.mcphost/oauth for later commands."},
        footer = {"", "Examples:", "  mcphost --url https://mcp.example.com/mcp login --browser",
            "  mcphost --url https://mcp.example.com/mcp --client-id my-app \\",
            "      --client-secret-env APP_SECRET login"})
final class LoginCommand implements Callable<Integer> {
    @ParentCommand
    McpHostCommand root;

    @Option(names = "--browser", description = "Also open the URL in the default browser (the platform opener, no shell).")
    boolean browser;

    @Override
    public Integer call() {
        if (root.connection.url == null && root.connection.configSource().isPresent()) {
            return loginFromConfig(root.connection.configSource().get());
        }
        URI endpoint = LogoutCommand.endpoint(root, "login");
        OAuthClient stored = OAuthClient.create(endpoint.getHost(), endpoint, CliOAuth.settings(root, null));
        stored.logout(); // login means: authorise again, even if a token is stored
        root.oauth.loginHandler = CliOAuth.terminal(root.err(), browser);
        try (Target target = root.open(McpHostCommand.Need.oneServer())) {
            McpClient client = target.client();
            client.listTools();
        }
        Optional<StoredTokens> tokens = OAuthClient.create(endpoint.getHost(), endpoint, CliOAuth.settings(root, null)).tokens();
        Printer p = root.printer();
        if (tokens.isEmpty()) {
            p.out().println("The server did not ask for authorisation; nothing stored.");
        } else {
            StoredTokens t = tokens.get();
            p.out().println("Logged in: " + t.resource() + " (authorization server " + t.issuer()
                    + (t.expiresAt() == null ? "" : ", token valid until " + t.expiresAt())
                    + (t.refreshToken() == null ? "" : ", refreshable") + ")");
        }
        return ExitCode.OK;
    }

    /** {@code mcphost --config FILE --server NAME login}: an HTTP server of the file, with its OAuth settings. */
    private int loginFromConfig(String source) {
        var config = HostTarget.load(root, source, new ConsoleInputs(root.noInput ? null : System.console(), root.err()));
        var server = root.connection.server == null ? config.enabledServers()
                : HostTarget.needed(root, config, root.connection.server, null);
        if (server.size() != 1) {
            throw new CommandLine.ParameterException(root.spec.commandLine(), "'login' authorises one server: add --server NAME");
        }
        if (!(server.getFirst().transport() instanceof io.mcphost.config.HttpConfig http)) {
            throw new CommandLine.ParameterException(root.spec.commandLine(), "server '" + server.getFirst().name()
                    + "' is not reached over HTTP; only HTTP servers use OAuth");
        }
        String name = server.getFirst().name();
        OAuthClient.create(name, http.url(), http.oauthSettings(null)).logout();
        io.mcphost.transport.http.HttpTransport transport = http.toTransport(name, CliOAuth.terminal(root.err(), browser));
        try (McpClient client = root.features().connect(McpClient.builder(transport).name(name)
                .requestTimeout(root.requestTimeout()), name)) {
            client.listTools();
        }
        Optional<StoredTokens> tokens = OAuthClient.create(name, http.url(), http.oauthSettings(null)).tokens();
        root.printer().out().println(tokens.isEmpty() ? "The server did not ask for authorisation; nothing stored."
                : "Logged in: " + name + " (authorization server " + tokens.get().issuer() + ")");
        return ExitCode.OK;
    }

    static void requireUrl(McpHostCommand root, String command) {
        if (root.connection.url == null) {
            throw new CommandLine.ParameterException(root.spec.commandLine(), "'" + command + "' needs --url URL");
        }
    }
}
