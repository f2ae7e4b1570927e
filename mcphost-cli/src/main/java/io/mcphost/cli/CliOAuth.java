package io.mcphost.cli;

import io.mcphost.auth.AuthorizationHandler;
import io.mcphost.auth.OAuthSettings;
import io.mcphost.auth.TokenStore;
import java.io.PrintWriter;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * OAuth for {@code --url} servers on the command line: the options, the settings every HTTP
 * connection gets (tokens in {@code ~/.mcphost/oauth}, shared with {@code login}), and the
 * terminal's authorization handler, which prints the URL and — with {@code login --browser}, the
 * user's consent — opens it with the platform's opener, the URL as ONE argument, never through a
 * shell. Without a terminal (or with --no-input) there is no handler: a server that needs a user
 * fails with one line saying to run {@code mcphost --url … login}.
 */
final class CliOAuth {

    /** The OAuth options, mixed into the root command (inherited by every subcommand). */
    static final class Options {
        @Option(names = "--client-id", paramLabel = "ID", scope = ScopeType.INHERIT,
                description = "With --url: a pre-registered OAuth client id (else the client registers itself).")
        String clientId;

        @Option(names = "--client-secret-env", paramLabel = "VAR", scope = ScopeType.INHERIT,
                description = "With --client-id: read the client secret from this environment variable.")
        String clientSecretEnv;

        @Option(names = "--callback-port", paramLabel = "PORT", scope = ScopeType.INHERIT,
                description = "With --url: the OAuth redirect port on 127.0.0.1 (default: a free one).")
        Integer callbackPort;

        @Option(names = "--scope", paramLabel = "SCOPE", scope = ScopeType.INHERIT,
                description = "With --url: an OAuth scope to request instead of the server's (repeatable).")
        List<String> scopes = new java.util.ArrayList<>();

        /** Set by {@code login}: its handler (prints, and opens the browser with --browser). */
        AuthorizationHandler loginHandler;
    }

    private CliOAuth() {
    }

    /**
     * The OAuth settings of a {@code --url} connection.
     *
     * @param handler who shows the authorization URL, or null when nobody can (no terminal)
     */
    static OAuthSettings settings(McpHostCommand cmd, AuthorizationHandler handler) {
        Options o = cmd.oauth;
        OAuthSettings.Builder b = OAuthSettings.builder().clientName("mcphost").tokenStore(TokenStore.files());
        if (handler != null) {
            b.handler(handler);
        }
        try {
            if (o.clientId != null) {
                b.clientId(o.clientId);
            }
            if (o.clientSecretEnv != null) {
                if (o.clientId == null) {
                    throw new IllegalArgumentException("--client-secret-env needs --client-id");
                }
                String secret = System.getenv(o.clientSecretEnv);
                if (secret == null || secret.isBlank()) {
                    throw new IllegalArgumentException("the environment variable " + o.clientSecretEnv
                            + " (the OAuth client secret) is not set");
                }
                b.clientSecret(secret);
            }
            if (o.callbackPort != null) {
                b.callbackPort(o.callbackPort);
            }
            if (!o.scopes.isEmpty()) {
                b.scopes(o.scopes);
            }
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cmd.spec.commandLine(), e.getMessage());
        }
        return b.build();
    }

    /** The handler of a command: login's; on a terminal, print the URL; else none. */
    static AuthorizationHandler forCommand(McpHostCommand cmd) {
        if (cmd.oauth.loginHandler != null) {
            return cmd.oauth.loginHandler;
        }
        return System.console() != null && !cmd.noInput ? terminal(cmd.err(), false) : null;
    }

    /** OAuth for a {@code --url} connection, unless a bearer token or an Authorization header is given. */
    static void configure(McpHostCommand cmd, io.mcphost.transport.http.HttpTransport.Builder builder) {
        boolean explicit = cmd.connection.bearerEnv != null
                || cmd.connection.headers.stream().anyMatch(h -> h.toLowerCase(Locale.ROOT).startsWith("authorization:"));
        if (!explicit) {
            builder.oauth(settings(cmd, forCommand(cmd)));
        }
    }

    /** Prints the URL on stderr; with {@code open}, also opens it in the browser. */
    static AuthorizationHandler terminal(PrintWriter err, boolean open) {
        return url -> {
            err.println("Authorise mcphost in your browser: " + url);
            err.flush();
            if (open) {
                openBrowser(url, err);
            }
        };
    }

    /** The platform opener with the URL as one argument: no shell ever sees it. */
    private static void openBrowser(URI url, PrintWriter err) {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        List<String> command = os.contains("win") ? List.of("rundll32", "url.dll,FileProtocolHandler", url.toString())
                : os.contains("mac") ? List.of("open", url.toString()) : List.of("xdg-open", url.toString());
        try {
            new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (java.io.IOException e) {
            err.println("Could not open a browser (" + command.getFirst() + "); open the URL above yourself.");
            err.flush();
        }
    }
}
