package io.mcphost.cli;

import io.mcphost.auth.OAuthClient;
import java.net.URI;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code mcphost --url URL logout}: forget the server's stored OAuth tokens. No network. */
@Command(name = "logout", description = "With --url: forget the OAuth tokens stored for that server (~/.mcphost/oauth).",
        footer = {"", "Examples:", "  mcphost --url https://mcp.example.com/mcp logout"})
final class LogoutCommand implements Callable<Integer> {
    @ParentCommand
    McpHostCommand root;

    @Override
    public Integer call() {
        URI endpoint = endpoint(root, "logout");
        OAuthClient.create(endpoint.getHost(), endpoint, CliOAuth.settings(root, null)).logout();
        root.printer().out().println("Forgot the stored tokens of " + endpoint.getScheme() + "://" + endpoint.getAuthority() + (endpoint.getRawPath() == null ? "" : endpoint.getRawPath()) + ".");
        return ExitCode.OK;
    }

    static URI endpoint(McpHostCommand root, String command) {
        LoginCommand.requireUrl(root, command);
        try {
            URI uri = URI.create(root.connection.url);
            if (uri.getHost() == null) {
                throw new IllegalArgumentException("no host");
            }
            return uri;
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(root.spec.commandLine(), "--url is not a valid URL: " + e.getMessage());
        }
    }
}
