package io.mcphost.cli;

import io.mcphost.client.CallOptions;
import io.mcphost.client.McpClient;
import io.mcphost.config.ConfigLocations;
import io.mcphost.config.InputResolver;
import io.mcphost.config.McpConfig;
import io.mcphost.config.McpConfigException;
import io.mcphost.config.McpConfigLoader;
import io.mcphost.config.ServerConfig;
import io.mcphost.host.HostPrompt;
import io.mcphost.host.HostResource;
import io.mcphost.host.HostResourceTemplate;
import io.mcphost.host.HostSkill;
import io.mcphost.host.HostTool;
import io.mcphost.host.McpHost;
import io.mcphost.host.McpHostBuilder;
import io.mcphost.host.ReconnectPolicy;
import io.mcphost.host.ServerSpec;
import io.mcphost.host.ServerState;
import io.mcphost.host.ServerStatus;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpNotFoundException;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.tools.CallToolResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;

/**
 * The {@link Target} of many servers ({@code --config}): one {@link McpHost} of a configuration file, with
 * prefixed names. Servers that cannot start are reported on stderr, once each, and the command goes on with
 * the others, as the host itself does. The host starts only the servers a command needs
 * ({@link McpHostBuilder#startOnly}); a URI that none of those offers starts the rest
 * ({@link McpHost#startServers}). Used by the command's own thread only.
 */
final class HostTarget implements Target {
    private final McpHostCommand cli;
    private final McpHost host;
    private final ClientFeatures features;
    /** Where the servers come from, for messages: the file's name. */
    private final String file;
    /** With {@code --server}: that server, whose own names are used ({@code NAME__tool} means {@code tool}); else null. */
    private final String ownNamesOf;
    /** The server a URI's scheme names, started first; null when the host was not opened for a URI. */
    private String named;

    private HostTarget(McpHostCommand cli, McpHost host, ClientFeatures features, String file, String ownNamesOf) {
        this.cli = cli;
        this.host = host;
        this.features = features;
        this.file = file;
        this.ownNamesOf = ownNamesOf;
    }

    /**
     * Starts the host of a configuration with only the servers {@code start} names running (the others
     * deferred), and reports those that could not start.
     *
     * @param ownNamesOf the {@code --server} option: the one server, whose own names are then used; or null
     */
    static HostTarget open(McpHostCommand cli, McpConfig loaded, ClientFeatures features, Collection<String> start,
                           String ownNamesOf) {
        McpHostBuilder builder = McpHost.builder();
        loaded.enabledServers().forEach(server -> builder.server(spec(cli, server)));
        if (ownNamesOf != null) {
            builder.naming(io.mcphost.host.ToolNaming.unprefixed());
        }
        if (CliOAuth.forCommand(cli) != null) {
            // On a terminal, a server that needs a user waits with its URL in its status; reportFailures prints it.
            builder.authorization(url -> { });
        }
        McpHost host = features.configure(builder
                .settings(cli.clientSettings()) // each entry's own settings go over these, as in the host
                .startupTimeout(cli.requestTimeout())
                .reconnect(ReconnectPolicy.never())) // one command, one run: nothing to wait for
                .startOnly(start);
        try {
            features.afterStart(host);
        } catch (RuntimeException e) {
            host.close();
            throw e;
        }
        HostTarget target = new HostTarget(cli, host, features, fileName(loaded), ownNamesOf);
        target.reportFailures(host.servers().stream().map(ServerStatus::name).toList());
        return target;
    }

    /** A server of the file, whose local process gets the command's {@code --close-grace} to exit after its stdin closes. */
    private static ServerSpec spec(McpHostCommand cli, ServerConfig server) {
        Duration grace = cli.closeGrace();
        return ServerSpec.fromConfig(server, stdio -> stdio.closeGracePeriod(grace));
    }

    /** Loads a configuration: a file, or a shortcut naming a tool's usual file. Mistakes are usage errors. */
    static McpConfig load(McpHostCommand cli, String config, InputResolver inputs) {
        Path file = resolve(cli, config);
        McpConfig loaded;
        try {
            loaded = McpConfigLoader.builder().inputs(inputs).build().load(file);
        } catch (McpConfigException e) {
            throw new CommandLine.ParameterException(cli.spec.commandLine(), e.getMessage(), e, null, config);
        }
        if (loaded.enabledServers().isEmpty()) {
            throw new CommandLine.ParameterException(cli.spec.commandLine(), file + " configures no enabled server");
        }
        return loaded;
    }

    /**
     * The servers a command needs: the one {@code --server} names, else those a prefixed name
     * ({@code demo__echo}) points to, else all. Starting only those keeps a call fast and keeps a broken
     * server that is not involved out of the way.
     *
     * @param server   the {@code --server} option, or null
     * @param nameHint a tool or prompt name as given, or null
     * @throws CommandLine.ParameterException if {@code --server} names no enabled server
     */
    static List<ServerConfig> needed(McpHostCommand cli, McpConfig config, String server, String nameHint) {
        if (server != null) {
            ServerConfig chosen = config.enabledServers().stream().filter(s -> s.name().equals(server)).findFirst()
                    .orElseThrow(() -> new CommandLine.ParameterException(cli.spec.commandLine(), "--server " + server
                            + ": no enabled server of that name (there are: " + String.join(", ",
                            config.enabledServers().stream().map(ServerConfig::name).toList()) + ")"));
            return List.of(chosen);
        }
        int separator = nameHint == null ? -1 : nameHint.indexOf("__");
        if (separator > 0) {
            String prefix = nameHint.substring(0, separator);
            List<ServerConfig> named = config.enabledServers().stream()
                    .filter(s -> s.prefix().orElse(s.name()).equals(prefix)).toList();
            if (!named.isEmpty()) {
                return named;
            }
        }
        return config.enabledServers();
    }

    /**
     * Starts what a command about one resource URI (or resource template) needs. Which server offers a
     * URI is only known from the servers' own lists, so without {@code --server} the URI names its
     * server by its scheme ({@link McpHost#serverForScheme}): {@code demo://readme} starts only the server
     * called (or prefixed) {@code demo}. If that server does not offer the URI, or no server is named after
     * the scheme, the rest of the file is started (in parallel) to find it, and stderr says so. A file of one
     * server starts that one.
     *
     * @param server the {@code --server} option, or null
     */
    static HostTarget openForUri(McpHostCommand cli, McpConfig config, String server, String uri, ClientFeatures features) {
        if (server != null) {
            return open(cli, config, features, names(needed(cli, config, server, null)), server);
        }
        List<String> all = names(config.enabledServers());
        if (all.size() == 1) {
            return open(cli, config, features, all, null);
        }
        HostTarget target = open(cli, config, features, List.of(), null); // nothing started yet: no I/O
        target.named = target.host.serverForScheme(uri).orElse(null);
        if (target.named == null) {
            cli.err().println("mcphost: no server of " + fileName(config) + " is named after the scheme of '" + uri
                    + "'; starting all " + all.size() + " to find the one that offers it (--server NAME starts one)");
            cli.err().flush();
        }
        target.start(target.named == null ? all : List.of(target.named));
        return target;
    }

    private static List<String> names(List<ServerConfig> servers) {
        return servers.stream().map(ServerConfig::name).toList();
    }

    private static String fileName(McpConfig config) {
        return config.source().map(Path::getFileName).map(Path::toString).orElse("the configuration");
    }

    /**
     * Runs {@code action} on the client of the server that offers {@code uri}: the one whose list or
     * template has it; else the server the URI's scheme named (it may serve URIs it does not list); else,
     * when that one refuses or none was named, the rest of the file, started now. A host of one server
     * lets that server answer, as {@code --stdio} does.
     *
     * @param template whether {@code uri} is a resource template (matched as listed) rather than a URI
     * @throws McpNotFoundException if no server offers it
     */
    @Override
    public <T> T onServerOf(String uri, boolean template, Function<McpClient, T> action) {
        Optional<String> owner = owner(uri, template);
        if (owner.isPresent()) {
            return action.apply(client(owner.get()));
        }
        McpException refused = null;
        Optional<McpClient> byScheme = named == null ? Optional.empty() : host.client(named);
        if (byScheme.isPresent()) {
            try {
                return action.apply(byScheme.get());
            } catch (McpError | McpNotFoundException e) {
                if (host.deferredServers().isEmpty()) {
                    throw e;
                }
                refused = e;
            }
        }
        if (!host.deferredServers().isEmpty()) {
            startRest(named == null ? "no server started offers '" + uri + "'" : byScheme.isPresent()
                    ? "server '" + named + "' does not offer '" + uri + "'" : "server '" + named + "' is not available");
            owner = owner(uri, template);
            if (owner.isPresent()) {
                return action.apply(client(owner.get()));
            }
        }
        if (refused != null) {
            throw refused; // the named server's own words say most
        }
        List<ServerStatus> servers = host.servers();
        if (servers.size() == 1 && servers.getFirst().state() == ServerState.READY) {
            return action.apply(client(servers.getFirst().name()));
        }
        host.requireReady(); // every failure was reported in one line already
        throw new McpNotFoundException("no server of " + file + " offers " + (template ? "a resource template '" : "resource '")
                + uri + "'", null);
    }

    private Optional<String> owner(String uri, boolean template) {
        if (!template) {
            return host.serverForUri(uri);
        }
        return host.resourceTemplates().stream().filter(t -> t.uriTemplate().equals(uri)).map(HostResourceTemplate::server).findFirst();
    }

    private McpClient client(String server) {
        return host.client(server).orElseThrow(() -> new io.mcphost.protocol.ServerUnavailableException(server, "not ready", null));
    }

    /**
     * Starts the servers not started yet, in parallel, saying why on stderr; their failures are reported once.
     * In parallel, they join the catalog in the order they register, so a URI two of them list goes to
     * either (the file's order decides only when all start together); the named server stays first.
     */
    private void startRest(String why) {
        List<String> starting = host.deferredServers();
        cli.err().println("mcphost: " + why + "; starting the other " + starting.size() + " server(s) of " + file + " to find it");
        cli.err().flush();
        start(starting);
    }

    /** Starts these deferred servers in parallel and reports those that could not start, once each. */
    private void start(List<String> servers) {
        host.startServers(servers);
        features.afterStart(host);
        reportFailures(servers);
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

    /** One line on stderr for each of these servers that is not ready: each failure is reported once. */
    private void reportFailures(List<String> names) {
        for (ServerStatus s : host.servers()) {
            if (!names.contains(s.name())) {
                continue;
            }
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

    /** With {@code --server}, {@code NAME__tool} (copied from a listing of the whole file) means the server's own {@code tool}. */
    @Override
    public String nameOf(String given) {
        return Target.withoutPrefix(ownNamesOf, given);
    }

    /** A host has a client per server; a command that talks to one server opens it as one ({@link McpHostCommand.Need#oneServer}). */
    @Override
    public McpClient client() {
        throw new IllegalStateException("a host of " + file + " has a client per server; open one server for this command");
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
        return onServerOf(uri, false, client -> client.readResource(uri));
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
    public List<HostSkill> skills() {
        return host.skills();
    }

    @Override
    public HostSkill skill(String name) {
        return host.catalog().skill(name).orElseThrow(() -> new McpNotFoundException("no available skill is named '" + name + "'",
                host.catalog().suggestSkill(name).orElse(null)));
    }

    /** Through the host, which loads from the skill's own server (never routed by URI: two servers may list one). */
    @Override
    public io.mcphost.client.LoadedSkill loadSkill(HostSkill skill) {
        return host.loadSkill(skill.name());
    }

    @Override
    public void close() {
        host.close();
    }
}
