package io.mcphost.config;

import io.mcphost.transport.stdio.StdioTransport;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A server started as a local process and spoken to over stdin/stdout. Immutable.
 *
 * @param command the program, run directly (never through a shell)
 * @param args its arguments
 * @param env variables set in its environment: the {@code envFile}'s, then {@code env}'s, which win;
 *            in file order
 * @param envPassthrough names of host variables forwarded to it, so secrets need not be written in the file
 * @param cwd its working directory, already resolved against the configuration file's directory
 */
public record StdioConfig(String command, List<String> args, Map<String, String> env,
                          List<String> envPassthrough, Optional<Path> cwd) implements TransportConfig {
    /** Validates and copies. */
    public StdioConfig {
        Objects.requireNonNull(command, "command");
        if (command.isBlank()) {
            throw new IllegalArgumentException("the command is empty");
        }
        args = List.copyOf(args);
        env = Collections.unmodifiableMap(new LinkedHashMap<>(env));
        envPassthrough = List.copyOf(envPassthrough);
        Objects.requireNonNull(cwd, "cwd");
    }

    /**
     * A {@link StdioTransport} for this command, named {@code serverName}. Does no I/O.
     */
    @Override
    public StdioTransport toTransport(String serverName) {
        return transportBuilder(serverName).build();
    }

    /** A {@link StdioTransport}, its builder passed to {@code stdio} first; a local process has no OAuth, so {@code handler} does not apply. */
    @Override
    public StdioTransport toTransport(String serverName, io.mcphost.auth.AuthorizationHandler handler,
                                      java.util.function.Consumer<StdioTransport.Builder> stdio) {
        StdioTransport.Builder builder = transportBuilder(serverName);
        stdio.accept(builder);
        return builder.build();
    }

    /**
     * A {@link StdioTransport.Builder} with this command, name, environment and directory set, for a
     * caller that changes transport settings the file does not hold (such as
     * {@link StdioTransport.Builder#closeGracePeriod}) before building. Does no I/O.
     */
    public StdioTransport.Builder transportBuilder(String serverName) {
        StdioTransport.Builder b = StdioTransport.builder(command, args.toArray(String[]::new))
                .name(serverName)
                .env(env)
                .envPassthrough(envPassthrough);
        cwd.ifPresent(b::cwd);
        return b;
    }

    /** {@code stdio: } and the command line; the environment stays out of it. */
    @Override
    public String describe() {
        return "stdio: " + command + (args.isEmpty() ? "" : " " + String.join(" ", args));
    }
}
