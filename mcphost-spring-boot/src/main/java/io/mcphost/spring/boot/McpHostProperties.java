package io.mcphost.spring.boot;

import io.mcphost.config.McpConfig;
import io.mcphost.config.McpConfigException;
import io.mcphost.config.McpConfigLoader;
import io.mcphost.config.ServerConfig;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@code mcphost.*} properties: the servers of the application's host, written in
 * {@code application.yml} (or any other property source) the way an mcp.json writes them, and/or an
 * mcp.json file. Immutable (bound once by Spring Boot); {@link #toConfig} reads the file, if any.
 *
 * <pre>{@code
 * mcphost:
 *   servers:
 *     everything:
 *       command: npx
 *       args: [-y, "@modelcontextprotocol/server-everything"]
 *     github:
 *       url: https://api.githubcopilot.com/mcp/
 *       headers:
 *         Authorization: Bearer ${GITHUB_TOKEN}
 *       allow-tools: [get_*, list_*]
 * }</pre>
 *
 * @param config  An mcp.json file (Claude Desktop, VS Code, Cursor and other formats) whose servers join
 *                those of mcphost.servers; a name in both is an error.
 * @param servers The servers by name, in the order the property source lists them; each takes the keys of
 *                an mcp.json entry (command, args, env, url, headers, oauth, prefix, allow-tools, ...).
 * @param skills  The servers' skills (Skills extension) offered to the model as tools.
 */
@ConfigurationProperties("mcphost")
public record McpHostProperties(Path config, Map<String, Server> servers, Skills skills) {
    private static final JsonMapper JSON = JsonMapper.shared();

    /** Copies; a missing {@code servers} is empty, missing {@code skills} settings are the defaults. */
    public McpHostProperties {
        servers = servers == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(servers));
        skills = skills == null ? new Skills(false) : skills;
    }

    /**
     * The servers' skills (Skills extension) as the tools {@code list_skills}, {@code load_skill} and
     * {@code read_skill_file}: read by the framework modules (Spring AI's {@code McpSkillCallbackProvider} bean,
     * LangChain4j's {@code McpToolProvider} bean), not by the host.
     *
     * @param enabled Whether to offer the skill tools to the model (Spring AI: an McpSkillCallbackProvider bean;
     *                LangChain4j: in the McpToolProvider bean): each skill's instructions and files offered on
     *                request, verified against what its server listed (default false).
     */
    public record Skills(@DefaultValue("false") boolean enabled) {
    }

    /** Whether there is anything to start: a file or at least one server. */
    public boolean isConfigured() {
        return config != null || !servers.isEmpty();
    }

    /**
     * The host's configuration: the file's servers first, then those of {@code servers}, each validated as
     * the same entry in an mcp.json would be (one path from configuration to a running server).
     *
     * @param env where a {@code ${VAR}} left in a value is looked up (the application's environment: Spring
     *            resolves its own placeholders before binding, so this meets only what it left)
     * @throws McpConfigException if the file or an entry is wrong, or a name is defined twice
     */
    public McpConfig toConfig(Function<String, String> env) {
        McpConfigLoader loader = McpConfigLoader.builder().env(env).build();
        List<ServerConfig> all = new ArrayList<>();
        McpConfig fromFile = config == null ? null : loader.load(config);
        if (fromFile != null) {
            all.addAll(fromFile.servers());
        }
        if (!servers.isEmpty()) {
            Map<String, Object> entries = new LinkedHashMap<>();
            servers.forEach((name, server) -> entries.put(name, server == null ? Map.of() : server.asJson()));
            String json = JSON.writeValueAsString(Map.of("mcpServers", entries));
            Set<String> names = new HashSet<>();
            all.forEach(s -> names.add(s.name()));
            for (ServerConfig server : loader.parse(json, "mcphost.servers").servers()) {
                if (!names.add(server.name())) {
                    throw new McpConfigException("mcphost.servers", server.name(), null, "is defined in " + config
                            + " too; rename or remove one of them");
                }
                all.add(server);
            }
        }
        return new McpConfig(all, fromFile == null ? Map.of() : fromFile.inputs(),
                fromFile == null ? Optional.empty() : fromFile.source());
    }

    /**
     * One server, with the keys of an mcp.json entry ({@code docs/spring-boot.md} lists them). A local server
     * has a {@code command}; a remote one a {@code url}.
     *
     * @param command         the program of a local (stdio) server; never run through a shell
     * @param args            its arguments
     * @param env             variables added to its environment (which is an allowlist otherwise)
     * @param envFile         a file of {@code NAME=value} lines added to its environment
     * @param envPassthrough  more variables of the application's environment to pass on to it
     * @param cwd             its working directory
     * @param url             the endpoint of a remote server (Streamable HTTP, or the legacy HTTP+SSE transport)
     * @param type            the transport when the URL does not tell: {@code stdio}, {@code http} or {@code sse}
     * @param headers         HTTP headers sent with every request to a remote server
     * @param bearerTokenEnv  an environment variable holding a bearer token for a remote server
     * @param oauth           OAuth client settings for a remote server that asks for authorization
     * @param prefix          the prefix of this server's tool names in the catalog (default: the server's name)
     * @param allowTools      glob patterns of the tools to offer; empty offers all
     * @param denyTools       glob patterns of the tools to hide
     * @param enabled         false leaves the server out (default true)
     * @param required        true fails the application's start when this server cannot start
     * @param timeout         the startup and per-request timeout
     * @param era             the protocol era to speak: {@code auto} (default), {@code modern} or {@code legacy}
     */
    public record Server(String command, List<String> args, Map<String, String> env, Path envFile,
                         List<String> envPassthrough, String cwd, URI url, String type, Map<String, String> headers,
                         String bearerTokenEnv, OAuth oauth, String prefix, List<String> allowTools,
                         List<String> denyTools, Boolean enabled, Boolean required, Duration timeout, String era) {

        /** This entry as an mcp.json entry: only the keys that are set. */
        Map<String, Object> asJson() {
            Map<String, Object> entry = new LinkedHashMap<>();
            put(entry, "command", command);
            put(entry, "args", args);
            put(entry, "env", env);
            put(entry, "envFile", envFile == null ? null : envFile.toString());
            put(entry, "envPassthrough", envPassthrough);
            put(entry, "cwd", cwd);
            put(entry, "url", url == null ? null : url.toString());
            put(entry, "type", type);
            put(entry, "headers", headers);
            put(entry, "bearerTokenEnv", bearerTokenEnv);
            put(entry, "oauth", oauth == null ? null : oauth.asJson());
            put(entry, "prefix", prefix);
            put(entry, "allowTools", allowTools);
            put(entry, "denyTools", denyTools);
            put(entry, "enabled", enabled);
            put(entry, "required", required);
            put(entry, "timeout", timeout == null ? null : timeout.toString());
            put(entry, "era", era);
            return entry;
        }

        /** Names of variables and headers, never their values (they hold tokens). */
        @Override
        public String toString() {
            return "Server[" + (command != null ? "command=" + command : "url=" + url)
                    + (env == null ? "" : ", env=" + env.keySet()) + (headers == null ? "" : ", headers=" + headers.keySet())
                    + (oauth == null ? "" : ", " + oauth) + "]";
        }
    }

    /**
     * OAuth client settings of a remote server (Claude Code's {@code "oauth"} object).
     *
     * @param clientId     a pre-registered client id (dynamic registration is used without one)
     * @param clientSecret its secret, for a confidential client
     * @param callbackPort the loopback port of the redirect URI
     * @param scopes       the scopes to ask for
     */
    public record OAuth(String clientId, String clientSecret, Integer callbackPort, List<String> scopes) {
        Map<String, Object> asJson() {
            Map<String, Object> entry = new LinkedHashMap<>();
            put(entry, "clientId", clientId);
            put(entry, "clientSecret", clientSecret);
            put(entry, "callbackPort", callbackPort);
            put(entry, "scopes", scopes);
            return entry;
        }

        /** Never the secret. */
        @Override
        public String toString() {
            return "OAuth[clientId=" + clientId + ", secret=" + (clientSecret != null) + ", callbackPort="
                    + callbackPort + ", scopes=" + scopes + "]";
        }
    }

    private static void put(Map<String, Object> entry, String key, Object value) {
        if (value != null) {
            entry.put(key, value);
        }
    }
}
