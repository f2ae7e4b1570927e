package io.mcphost.cli;

import io.mcphost.config.McpConfig;
import io.mcphost.config.McpConfigException;
import io.mcphost.config.ServerConfig;
import io.mcphost.gateway.GatewayPolicy;
import io.mcphost.gateway.McpGateway;
import io.mcphost.gateway.McpGatewayBuilder;
import io.mcphost.host.HostEvent;
import io.mcphost.host.McpHost;
import io.mcphost.host.McpHostBuilder;
import io.mcphost.host.ServerSpec;
import io.mcphost.host.ServerStatus;
import io.mcphost.server.SealingKeys;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.transport.stdio.StdioTransport;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code mcphost serve}: the gateway. Starts the servers of {@code --config} (the demo server without
 * one) in one host and serves its catalog as one MCP server, over Streamable HTTP (both protocol eras
 * on one endpoint) and, with a bare {@code --stdio}, over this process's stdin and stdout. Runs until
 * Ctrl-C (or, serving only stdio, until stdin ends), then closes everything within the close budget.
 * Status lines go to stderr; stdout carries only protocol messages under {@code --stdio}. Not
 * thread-safe: one instance per command line.
 */
@Command(name = "serve", description = "Serve the servers of --config as one MCP server (a gateway) to many clients:"
        + " Streamable HTTP on --http (127.0.0.1:8080 unless set), both protocol eras; --stdio serves stdin/stdout.",
        footer = {"", "Examples:", "  mcphost serve --config mcp.json",
            "  mcphost serve --config mcp.json --http 127.0.0.1:9000",
            "  mcphost serve --config mcp.json --stdio",
            "  mcphost serve --config mcp.json --lazy",
            "  mcphost serve --config mcp.json --admin 127.0.0.1:9090",
            "  mcphost serve --config mcp.json \\", "      --http 0.0.0.0:8080 --token-env MCPHOST_TOKEN",
            "  mcphost serve --config mcp.json --http 0.0.0.0:8080 \\",
            "      --oauth-issuer https://auth.example.com \\",
            "      --oauth-resource https://mcp.example.com/mcp --oauth-scopes mcp:tools",
            "  mcphost serve --config mcp.json --token-file tokens.txt --policy policy.json",
            "      (tokens.txt: lines alice:TOKEN; policy.json:",
            "       {\"rules\":[{\"subjects\":[\"alice\"],\"servers\":[\"github\"]}]})",
            "", "Then, e.g.: mcphost --url http://127.0.0.1:8080/mcp tools"})
final class ServeCommand implements java.util.concurrent.Callable<Integer> {
    @ParentCommand
    McpHostCommand root;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--http", paramLabel = "HOST:PORT", description = "Serve Streamable HTTP here (port 0: any free port)."
            + " Default 127.0.0.1:8080, unless only --stdio is given. A non-loopback HOST needs --token-env, --token-file"
            + " or --oauth-issuer.")
    String http;

    @Option(names = "--path", paramLabel = "PATH", description = "The endpoint's path (default /mcp).")
    String path = "/mcp";

    @Option(names = "--token-env", paramLabel = "VAR", description = "HTTP clients must send 'Authorization: Bearer' with the"
            + " token in this environment variable.")
    String tokenEnv;

    @Option(names = "--token-file", paramLabel = "FILE", description = "HTTP clients must send 'Authorization: Bearer' with one"
            + " of the tokens in this file (one per line; blank lines and # comments ignored). A line PRINCIPAL:TOKEN names"
            + " the token's principal (for --policy subjects); name every token or none.")
    Path tokenFile;

    @Option(names = "--policy", paramLabel = "FILE", description = "Which servers, tools, prompts and resources each"
            + " principal may see and use (JSON: {\"rules\":[{\"subjects\":[...],\"groups\":[...],\"scopes\":[...],"
            + "\"servers\":[...],\"tools\":[...],\"prompts\":[...],\"resources\":[...]}]}; see docs/gateway.md, Policy)."
            + " Everything else is hidden and answered as unknown; each use is logged on io.mcphost.gateway.audit.")
    Path policyFile;

    @Option(names = "--oauth-issuer", paramLabel = "URL", description = "Be an OAuth 2.1 resource server: HTTP clients"
            + " must send a JWT access token issued by this authorization server (https, or http on loopback), checked"
            + " against the keys its metadata's jwks_uri publishes. The protected resource metadata is served at"
            + " /.well-known/oauth-protected-resource<PATH>.")
    String oauthIssuer;

    @Option(names = "--oauth-resource", paramLabel = "URI", description = "This gateway's resource identifier, which"
            + " tokens must name in 'aud': the URL clients use (default: the endpoint's URL; required on 0.0.0.0 or"
            + " behind a proxy).")
    String oauthResource;

    @Option(names = "--oauth-scopes", paramLabel = "SCOPE[,SCOPE...]", split = ",", description = "Scopes every"
            + " access token must grant; without them: 403 insufficient_scope.")
    List<String> oauthScopes = new ArrayList<>();

    @Option(names = "--oauth-jwks", paramLabel = "URL", description = "Where the issuer's keys (JWKS) are, when its"
            + " metadata has no jwks_uri.")
    String oauthJwks;

    @Option(names = "--allow-origin", paramLabel = "ORIGIN", description = "Accept browser requests from this Origin"
            + " (repeatable); by default only local origins (localhost, 127.0.0.1).")
    List<String> allowedOrigins = new ArrayList<>();

    @Option(names = "--max-concurrent", paramLabel = "N", description = "Requests one HTTP client may have running at once"
            + " (default 64); beyond: 429 with Retry-After.")
    Integer maxConcurrent;

    @Option(names = "--rate", paramLabel = "N", description = "Requests per second one HTTP client may keep up, in bursts of"
            + " twice that (default 200); beyond: 429 with Retry-After.")
    Double rate;

    @Option(names = "--max-sessions", paramLabel = "N", description = "Handshake-era (2025-11-25 and older) HTTP sessions"
            + " live at once (default 10000); more initializes get 503.")
    Integer maxSessions;

    @Option(names = "--lazy", description = "Start the servers when the first client connects, not now"
            + " (that client's first request waits for them).")
    boolean lazy;

    @Option(names = "--admin", paramLabel = "HOST:PORT", description = "Serve GET /healthz, /readyz (ready when every"
            + " required server is), /metrics (Prometheus text format) and a status page at / (with a Sign in link for"
            + " a server that needs OAuth) here, apart from the MCP endpoint. A non-loopback HOST needs --admin-token-env.")
    String admin;

    @Option(names = "--admin-token-env", paramLabel = "VAR", description = "Requests to --admin must send"
            + " 'Authorization: Bearer' with the token in this environment variable.")
    String adminTokenEnv;

    @Option(names = "--session-keys-env", paramLabel = "VAR", description = "Run as one of several replicas behind a load"
            + " balancer (round robin, no sticky sessions): session state is sealed under the keys in this environment"
            + " variable (each 32 random bytes in base64, e.g. from 'openssl rand -base64 32'; the first seals, all open,"
            + " separated by commas or spaces), which every replica is given. See docs/deploy.md.")
    String sessionKeysEnv;

    @Option(names = "--session-keys-file", paramLabel = "FILE", description = "As --session-keys-env, the keys read"
            + " from this file (one per line, current first; # comments ignored).")
    Path sessionKeysFile;

    @Option(names = "--peer-url", paramLabel = "URL", description = "With session keys: the URL at which the other"
            + " replicas reach this one's endpoint (default: the --http endpoint, when it is not a wildcard address).")
    String peerUrl;

    @Option(names = "--peers", paramLabel = "URL", split = ",", description = "With session keys: every replica's"
            + " endpoint (this one's included, skipped); a handshake-era client's subscriptions, log level and DELETE then"
            + " hold at each. A host name with several addresses (a headless Service) stands for each.")
    List<String> peers = new ArrayList<>();

    @Override
    public Integer call() throws InterruptedException {
        boolean stdio = root.connection.stdio != null;
        if (stdio && !root.connection.stdio.isBlank()) {
            throw usage("serve takes --stdio bare (serve on stdin/stdout); the servers to serve come from --config");
        }
        if (root.connection.url != null) {
            throw usage("serve serves the servers of --config; --url does not apply");
        }
        InetSocketAddress address = http != null || !stdio ? address(http == null ? "127.0.0.1:8080" : http) : null;
        Map<String, String> named = new LinkedHashMap<>();
        Set<String> tokens = tokens(named);
        GatewayPolicy policy = null;
        if (policyFile != null) {
            try {
                policy = GatewayPolicy.read(policyFile);
            } catch (McpConfigException e) {
                throw usage("--policy: " + e.getMessage());
            }
        }
        if (oauthIssuer == null && (oauthResource != null || oauthJwks != null || !oauthScopes.isEmpty())) {
            throw usage("--oauth-resource, --oauth-scopes and --oauth-jwks need --oauth-issuer");
        }
        if (address != null && !address.getAddress().isLoopbackAddress() && tokens.isEmpty() && oauthIssuer == null) {
            throw usage("refusing to serve " + address.getAddress().getHostAddress() + " without authentication: anyone"
                    + " who reaches it could use every server. Bind 127.0.0.1, or give --token-env, --token-file"
                    + " or --oauth-issuer");
        }
        java.net.URI issuer = oauthIssuer == null ? null : uri("--oauth-issuer", oauthIssuer);
        java.net.URI resource = oauthResource == null ? null : uri("--oauth-resource", oauthResource);
        java.net.URI jwks = oauthJwks == null ? null : uri("--oauth-jwks", oauthJwks);
        if (issuer != null && resource == null && address != null && address.getAddress().isAnyLocalAddress()) {
            throw usage("with --oauth-issuer on " + address.getAddress().getHostAddress() + ", give --oauth-resource:"
                    + " the URL clients use, which their tokens name as audience");
        }
        InetSocketAddress adminAddress = admin == null ? null : address("--admin", admin);
        String adminToken = adminTokenEnv == null ? null : System.getenv(adminTokenEnv);
        if (adminTokenEnv != null && (adminToken == null || adminToken.isBlank())) {
            throw usage("--admin-token-env " + adminTokenEnv + ": the variable is not set");
        }
        adminToken = adminToken == null ? null : adminToken.strip();
        if (adminAddress != null && !adminAddress.getAddress().isLoopbackAddress() && adminToken == null) {
            throw usage("refusing to serve --admin on " + adminAddress.getAddress().getHostAddress() + " without a token:"
                    + " anyone who reaches it could read the metrics. Bind 127.0.0.1, or give --admin-token-env");
        }
        SealingKeys sessionKeys = sessionKeys();
        java.net.URI peer = peerUrl == null ? null : uri("--peer-url", peerUrl);
        List<java.net.URI> peerUrls = peers.stream().map(String::strip).filter(p -> !p.isEmpty()).map(p -> uri("--peers", p)).toList();
        if ((peer != null || !peerUrls.isEmpty()) && sessionKeys == null) {
            throw usage((peer != null ? "--peer-url" : "--peers") + " needs --session-keys-env or --session-keys-file");
        }
        PrintWriter err = root.err();
        McpHost host = startHost(err);
        McpGateway gateway;
        try {
            McpGatewayBuilder builder = McpGateway.builder(host).closeHost(true).serverInfo("mcphost-gateway", "0.1.0")
                    .path(path).bearerTokens(tokens);
            if (!named.isEmpty()) {
                builder.bearerTokens(named);
            }
            if (policy != null) {
                builder.policy(policy);
            }
            if (address != null) {
                builder.http(address);
            }
            if (issuer != null) {
                builder.oauthIssuer(issuer);
                if (resource != null) {
                    builder.oauthResource(resource);
                }
                if (jwks != null) {
                    builder.oauthJwksUri(jwks);
                }
                builder.oauthRequiredScopes(oauthScopes.stream().map(String::strip).filter(sc -> !sc.isEmpty())
                        .collect(java.util.stream.Collectors.toSet()));
            }
            if (!allowedOrigins.isEmpty()) {
                builder.allowedOrigins(Set.copyOf(allowedOrigins));
            }
            if (maxConcurrent != null) {
                builder.maxConcurrentRequestsPerClient(maxConcurrent);
            }
            if (maxSessions != null) {
                builder.maxSessions(maxSessions);
            }
            if (rate != null) {
                builder.requestsPerSecondPerClient(rate, (int) Math.max(1, Math.ceil(rate * 2)));
            }
            if (stdio) {
                builder.stdio(System.in, System.out);
            }
            if (sessionKeys != null) {
                builder.sealingKeys(sessionKeys);
                if (peer != null) {
                    builder.peerUrl(peer);
                }
                builder.peers(peerUrls);
            }
            if (adminAddress != null) {
                builder.adminHttp(adminAddress);
                if (adminToken != null) {
                    builder.adminToken(adminToken);
                }
            }
            gateway = builder.start();
        } catch (IllegalStateException | IllegalArgumentException e) {
            host.close();
            throw usage(e.getMessage());
        } catch (RuntimeException e) {
            host.close();
            throw e;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        java.util.concurrent.atomic.AtomicBoolean stopping = new java.util.concurrent.atomic.AtomicBoolean();
        Duration budget = root.closeBudget();
        Runnable stop = () -> {
            if (stopping.compareAndSet(false, true)) {
                try {
                    gateway.close(budget); // drains first: the calls running finish, new connections are refused
                } finally {
                    stopped.countDown();
                }
            } else {
                awaitQuietly(stopped, budget); // a second signal, or the hook after the handler: let the first finish
            }
        };
        Thread hook = new Thread(stop, "mcphost-serve-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        if (address != null) {
            // Why signal handlers beside the hook: the JVM runs its shutdown hooks all at once, and the
            // library's own hook kills every stdio upstream at once, under the calls being drained. The
            // handlers close the gateway before any shutdown begins; the hook is left for -Xrs.
            for (String name : List.of("INT", "TERM")) {
                try {
                    sun.misc.Signal.handle(new sun.misc.Signal(name),
                            signal -> Thread.ofPlatform().name("mcphost-serve-stop").start(stop));
                } catch (IllegalArgumentException | UnsupportedOperationException notOurs) {
                    // The JVM keeps this signal (-Xrs): the hook closes the gateway, as before.
                }
            }
        }
        String what = lazy ? host.deferredServers().size() + " servers (started when the first client connects)"
                : host.tools().size() + " tools of " + host.servers().size() + " servers";
        gateway.endpoint().ifPresent(url -> err.println("mcphost serve: serving " + what + " on " + url
                + (oauthIssuer != null ? " (OAuth access token from " + oauthIssuer + " required)"
                : tokens.isEmpty() ? "" : " (bearer token required)")));
        if (stdio) {
            err.println("mcphost serve: serving on stdin/stdout");
        }
        gateway.adminEndpoint().ifPresent(url -> err.println("mcphost serve: health, readiness and metrics on " + url
                + " (healthz, readyz, metrics; in a browser, the status page)"));
        err.flush();
        if (address == null) {
            gateway.awaitStdioClose(); // the client went away: nothing is left to serve
            Runtime.getRuntime().removeShutdownHook(hook);
            gateway.close(root.closeBudget());
            return McpHostCommand.OK;
        }
        stopped.await(); // until Ctrl-C (SIGTERM): a signal handler (or the hook) closes the gateway
        return McpHostCommand.OK;
    }

    private static void awaitQuietly(CountDownLatch latch, Duration limit) {
        try {
            latch.await(limit.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The keys of --session-keys-env or --session-keys-file; null without either. Never echoes a key. */
    private SealingKeys sessionKeys() {
        if (sessionKeysEnv != null && sessionKeysFile != null) {
            throw usage("give --session-keys-env or --session-keys-file, not both");
        }
        String text;
        String where;
        if (sessionKeysEnv != null) {
            text = System.getenv(sessionKeysEnv);
            where = "--session-keys-env " + sessionKeysEnv;
            if (text == null || text.isBlank()) {
                throw usage(where + ": the variable is not set");
            }
        } else if (sessionKeysFile != null) {
            where = "--session-keys-file " + sessionKeysFile;
            try {
                text = java.nio.file.Files.readString(sessionKeysFile);
            } catch (java.io.IOException e) {
                throw usage(where + ": cannot read it (" + e.getClass().getSimpleName() + ")");
            }
        } else {
            return null;
        }
        try {
            return SealingKeys.parse(text);
        } catch (IllegalArgumentException e) {
            throw usage(where + ": " + e.getMessage());
        }
    }

    /** The host of --config's servers (the demo server without it), fail-open with the host's reconnect backoff. */
    private McpHost startHost(PrintWriter err) {
        McpHostBuilder builder = McpGateway.prepareHost(McpHost.builder().settings(root.clientSettings()))
                .startupTimeout(root.requestTimeout())
                .onEvent(event -> {
                    if (event instanceof HostEvent.ServerFailed failed) {
                        err.println("mcphost serve: server '" + failed.server() + "' failed: " + failed.cause().getMessage()
                                + (failed.willRetry() ? " (reconnecting)" : ""));
                        err.flush();
                    } else if (event instanceof HostEvent.AuthorizationRequired required) {
                        // Not the URL: its query carries the flow's state. The status page shows it to the operator.
                        err.println("mcphost serve: server '" + required.server() + "' needs sign-in: open the status page"
                                + " on --admin and click Sign in");
                        err.flush();
                    }
                });
        if (admin != null) {
            // The status page is where a user finds a server's authorization URL (ServerStatus.authorizationUrl),
            // so the handler has nothing to open; the redirect reaches the flow's loopback listener and the
            // server comes up by itself. Without --admin nobody could see the URL: such a server stays
            // AUTH_REQUIRED with an error saying to run mcphost login, as before.
            builder.authorization(url -> { });
        }
        var source = root.connection.configSource();
        if (source.isPresent()) {
            McpConfig config = HostTarget.load(root, source.get(), root.consoleInputs());
            Duration grace = root.closeGrace();
            for (ServerConfig server : config.enabledServers()) {
                builder.server(ServerSpec.fromConfig(server, s -> s.closeGracePeriod(grace)));
            }
        } else {
            List<String> demo = DemoServer.command();
            builder.server(ServerSpec.builder("demo", () -> StdioTransport.builder(demo).name("demo").build()).build());
        }
        if (lazy) {
            return builder.startOnly(List.of()); // the gateway starts them on first use
        }
        McpHost host = builder.start();
        for (ServerStatus status : host.servers()) {
            if (status.lastError().isPresent() && status.state() != io.mcphost.host.ServerState.READY) {
                err.println("mcphost serve: server '" + status.name() + "' is " + status.state() + ": " + status.lastError().get());
            }
        }
        return host;
    }

    private InetSocketAddress address(String hostPort) {
        return address("--http", hostPort);
    }

    private InetSocketAddress address(String flag, String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        if (colon <= 0 || colon == hostPort.length() - 1) {
            throw usage(flag + " takes HOST:PORT, e.g. 127.0.0.1:8080, not '" + hostPort + "'");
        }
        String name = hostPort.substring(0, colon);
        if (name.startsWith("[") && name.endsWith("]")) {
            name = name.substring(1, name.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(hostPort.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw usage(flag + ": '" + hostPort.substring(colon + 1) + "' is not a port number");
        }
        if (port < 0 || port > 65_535) {
            throw usage(flag + ": port " + port + " is out of range");
        }
        try {
            return new InetSocketAddress(InetAddress.getByName(name), port);
        } catch (UnknownHostException e) {
            throw usage(flag + ": unknown host '" + name + "'");
        }
    }

    /** {@code value} as an absolute URI, or a usage error naming {@code option}. */
    private java.net.URI uri(String option, String value) {
        try {
            java.net.URI uri = new java.net.URI(value);
            if (!uri.isAbsolute() || uri.getHost() == null) {
                String example = option.startsWith("--oauth") ? "https://auth.example.com" : "http://10.0.0.2:8080";
                throw usage(option + " takes an absolute URL, e.g. " + example + ", not '" + value + "'");
            }
            return uri;
        } catch (java.net.URISyntaxException e) {
            throw usage(option + ": '" + value + "' is not a URI: " + e.getReason());
        }
    }

    /**
     * The bearer tokens of --token-env and --token-file; never printed. A value PRINCIPAL:TOKEN (a token,
     * RFC 6750 b64token text, has no colon) names its principal: then every token must be named, and
     * {@code named} receives them.
     */
    private Set<String> tokens(Map<String, String> named) {
        Set<String> tokens = new LinkedHashSet<>();
        List<String> values = new ArrayList<>();
        if (tokenEnv != null) {
            String value = System.getenv(tokenEnv);
            if (value == null || value.isBlank()) {
                throw usage("--token-env " + tokenEnv + ": the variable is not set");
            }
            values.add(value.strip());
        }
        if (tokenFile != null) {
            try {
                for (String line : Files.readAllLines(tokenFile)) {
                    String token = line.strip();
                    if (!token.isEmpty() && !token.startsWith("#")) {
                        values.add(token);
                    }
                }
            } catch (IOException e) {
                throw usage("--token-file " + tokenFile + ": " + e.getMessage());
            }
            if (values.size() == (tokenEnv == null ? 0 : 1)) {
                throw usage("--token-file " + tokenFile + " holds no token");
            }
        }
        for (String value : values) {
            int colon = value.indexOf(':');
            String token = colon < 0 ? value : value.substring(colon + 1).strip();
            tokens.add(token);
            if (colon > 0) {
                named.put(token, value.substring(0, colon).strip());
            }
        }
        if (!named.isEmpty() && named.size() != tokens.size()) {
            throw usage("name every bearer token (PRINCIPAL:TOKEN) or none");
        }
        return tokens;
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
