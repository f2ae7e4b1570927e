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
@Command(name = "login", description = {"With --url: authorise with the server's OAuth authorization server now: prints"
        + " the URL to visit (and opens it with --browser); the token is stored in ~/.mcphost/oauth for later commands."},
        footer = {"", "Examples:", "  mcphost --url https://mcp.example.com/mcp login --browser",
            "  mcphost --url https://mcp.example.com/mcp --client-id my-app --client-secret-env APP_SECRET login"})
final class LoginCommand implements Callable<Integer> {
    @ParentCommand
    McpHostCommand root;

    @Option(names = "--browser", description = "Also open the URL in the default browser (the platform opener, no shell).")
    boolean browser;

    @Override
    public Integer call() {
        URI endpoint = LogoutCommand.endpoint(root, "login");
        OAuthClient stored = OAuthClient.create(endpoint.getHost(), endpoint, CliOAuth.settings(root, null));
        stored.logout(); // login means: authorise again, even if a token is stored
        root.oauth.loginHandler = CliOAuth.terminal(root.err(), browser);
        try (McpClient client = root.connect()) {
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

    static void requireUrl(McpHostCommand root, String command) {
        if (root.url == null) {
            throw new CommandLine.ParameterException(root.spec.commandLine(), "'" + command + "' needs --url URL");
        }
    }
}
