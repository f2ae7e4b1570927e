package io.mcphost.cli;

import io.mcphost.protocol.Era;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The options that say which server or servers a command talks to: {@code --stdio}, {@code --url} with
 * its HTTP settings, {@code --config} with {@code --server}, the local server's environment, the
 * request timeout and how long a local server gets to exit. One picocli mixin of the root command,
 * inherited by every command, so each command is written once and works with all three sources. Option
 * mistakes become usage errors naming the option.
 * Not thread-safe: one instance per command-line parse.
 */
final class ConnectionOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--stdio", paramLabel = "COMMAND", scope = ScopeType.INHERIT, arity = "0..1",
            description = "Start this server (split like a shell would, run without one). For serve, bare: serve on stdin/stdout.")
    String stdio;

    @Option(names = "--config", paramLabel = "FILE", scope = ScopeType.INHERIT,
            description = {"Use every server of this mcp.json (Claude, Cursor or VS Code format) as one; tool and prompt",
                "names get the server's prefix (demo__echo). Shortcuts: claude-desktop, claude-code, vscode, cursor.",
                "Default: $MCPHOST_CONFIG, unless --stdio or --url is given. A prefixed name starts only its server;",
                "so does a URI whose scheme is a server's name (demo://readme: the server 'demo')."})
    String config;

    @Option(names = "--server", paramLabel = "NAME", scope = ScopeType.INHERIT,
            description = "With --config: start and use only this server of the file (needed by ping, tasks and request"
                + " when the file has several; info shows each server without it; call, tools, prompt, complete, read and"
                + " subscribe find the server from a prefixed name or a URI's scheme, else start the others to look).")
    String server;

    @Option(names = "--url", paramLabel = "URL", scope = ScopeType.INHERIT,
            description = "Connect to a remote server at this http(s) URL instead.")
    String url;

    @Option(names = "--header", paramLabel = "K:V", scope = ScopeType.INHERIT,
            description = "With --url: send this HTTP header on every request (repeatable).")
    List<String> headers = new ArrayList<>();

    @Option(names = "--bearer-env", paramLabel = "VAR", scope = ScopeType.INHERIT,
            description = "With --url: send 'Authorization: Bearer <token>' with the token read from this environment variable.")
    String bearerEnv;

    @Option(names = "--transport", paramLabel = "MODE", scope = ScopeType.INHERIT,
            description = "With --url: auto (Streamable HTTP, falling back to SSE; the default), http or sse.")
    String transportMode;

    @Option(names = "--env", paramLabel = "K=V", scope = ScopeType.INHERIT,
            description = "Set a variable in the server's environment (repeatable).")
    List<String> env = new ArrayList<>();

    @Option(names = "--env-pass", paramLabel = "NAME", scope = ScopeType.INHERIT,
            description = "Pass this variable of your environment through to the server, by name (repeatable).")
    List<String> envPass = new ArrayList<>();

    @Option(names = "--era", paramLabel = "ERA", scope = ScopeType.INHERIT,
            description = "Protocol era: auto (detect; the default), modern (2026-07-28 only) or legacy (initialize at once).")
    String era;

    @Option(names = "--timeout", paramLabel = "DURATION", scope = ScopeType.INHERIT,
            description = "Request timeout: 30 (seconds), 30s, 2m, 500ms or PT2M. Default 60 s.")
    String timeout;

    @Option(names = "--close-grace", paramLabel = "DURATION", scope = ScopeType.INHERIT,
            description = "When a command ends, how long a local server (--stdio, --config) may take to exit after its"
                + " stdin closes before it gets SIGTERM, then SIGKILL: 500ms, 2s, ... Default 200 ms.")
    String closeGrace;

    /** A usage error of the command line, reported with a pointer to {@code mcphost --help}. */
    CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(mixee.commandLine(), message);
    }

    /** The request timeout: {@code --timeout}, else 60 s. */
    Duration requestTimeout() {
        if (timeout == null) {
            return Duration.ofSeconds(60);
        }
        try {
            return Durations.parse("--timeout", timeout);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    /** How long a local server gets to exit after its stdin closes: {@code --close-grace}, else {@link ClientTarget#CLOSE_GRACE}. */
    Duration closeGrace() {
        if (closeGrace == null) {
            return ClientTarget.CLOSE_GRACE;
        }
        try {
            return Durations.parse("--close-grace", closeGrace);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    /** The --era option (auto unless given). */
    Era era() {
        if (era == null) {
            return Era.AUTO;
        }
        return switch (era.toLowerCase(java.util.Locale.ROOT)) {
            case "auto" -> Era.AUTO;
            case "modern" -> Era.MODERN;
            case "legacy" -> Era.LEGACY;
            default -> throw usage("--era takes auto, modern or legacy, not '" + era + "'");
        };
    }

    /** Whether {@code --timeout} was given (it then bounds the handshake too). */
    boolean timeoutGiven() {
        return timeout != null;
    }

    /** The configuration to use many servers from: --config, else $MCPHOST_CONFIG unless a single server is named. */
    Optional<String> configSource() {
        if (config != null) {
            if (stdio != null || url != null) {
                throw usage("give one of --config, --stdio or --url");
            }
            return Optional.of(config);
        }
        String fromEnv = System.getenv("MCPHOST_CONFIG");
        return stdio == null && url == null && fromEnv != null && !fromEnv.isBlank() ? Optional.of(fromEnv) : Optional.empty();
    }

    /** With a configuration file, the options that configure one server have no place: the file says it. */
    void rejectOneServerOptions() {
        if (!env.isEmpty() || !envPass.isEmpty() || !headers.isEmpty() || bearerEnv != null || transportMode != null) {
            throw usage("--env, --env-pass, --header, --bearer-env and --transport configure one server; with --config,"
                    + " put them in the file");
        }
    }

    /** The start of a command line reaching the same server or servers, for examples to copy. */
    String exampleCommand() {
        StringBuilder line = new StringBuilder("mcphost");
        if (config != null) {
            line.append(" --config ").append(ShellWords.quote(config));
            if (server != null) {
                line.append(" --server ").append(ShellWords.quote(server));
            }
        } else if (stdio != null) {
            line.append(" --stdio ").append(ShellWords.quote(stdio));
        } else if (url != null) {
            line.append(" --url ").append(ShellWords.quote(url));
        }
        return line.toString();
    }
}
