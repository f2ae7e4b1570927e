package io.mcphost.config.internal;

import io.mcphost.config.HttpConfig;
import io.mcphost.config.McpConfigException;
import io.mcphost.config.ServerConfig;
import io.mcphost.config.StdioConfig;
import io.mcphost.config.TransportConfig;
import io.mcphost.transport.http.HttpTransport;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Turns one server entry (the object under {@code mcpServers.<name>} or {@code servers.<name>})
 * into a {@link ServerConfig}. Keys it does not use are kept as extras. Not thread-safe: one
 * instance per entry.
 */
final class ServerEntryReader {
    private static final Set<String> COMMON_KEYS = Set.of("type", "disabled", "enabled", "disabledTools",
            "autoApprove", "timeout", "prefix", "allowTools", "denyTools", "required", "era");
    private static final Set<String> STDIO_KEYS = Set.of("command", "args", "env", "envFile", "envPassthrough", "cwd");
    private static final Set<String> HTTP_KEYS = Set.of("url", "headers", "bearerTokenEnv", "oauth", "auth");
    private static final String VARIABLE_NAME = "[A-Za-z_][A-Za-z0-9_.]*";
    private static final String HEADER_NAME = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";

    private final String source;
    private final String server;
    private final JsonNode entry;
    private final VariableExpander vars;
    private final Path baseDir;
    private final FileLines files;

    /** Reads the lines of an {@code envFile}; the disk in production, memory in tests. */
    @FunctionalInterface
    interface FileLines {
        FileLines DISK = file -> Files.readAllLines(file, StandardCharsets.UTF_8);

        /** The file's lines; {@link NoSuchFileException} when it does not exist. */
        List<String> read(Path file) throws IOException;
    }

    ServerEntryReader(String source, String server, JsonNode entry, VariableExpander vars, Path baseDir,
                      FileLines files) {
        this.source = source;
        this.server = server;
        this.entry = entry;
        this.vars = vars;
        this.baseDir = baseDir;
        this.files = files;
    }

    ServerConfig read() {
        if (!entry.isObject()) {
            throw error(null, "must be an object, not " + kind(entry));
        }
        Set<String> used = new HashSet<>(COMMON_KEYS);
        TransportConfig transport;
        if (isStdio()) {
            transport = stdio();
            used.addAll(STDIO_KEYS);
        } else {
            transport = http();
            used.addAll(HTTP_KEYS);
        }
        boolean enabled = bool("enabled", true) && !bool("disabled", false);
        Map<String, JsonNode> extras = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : entry.properties()) {
            if (!used.contains(e.getKey())) {
                extras.put(e.getKey(), e.getValue());
            }
        }
        return new ServerConfig(server, transport, enabled, bool("required", false), timeout(),
                Optional.ofNullable(string("prefix")), strings("allowTools"), strings("denyTools"),
                strings("disabledTools"), strings("autoApprove"), extras, era());
    }

    /** McpHost's {@code "era"}: which protocol era to speak ({@code auto}, {@code modern}, {@code legacy}). */
    private Optional<io.mcphost.protocol.Era> era() {
        JsonNode node = field("era");
        if (node == null) {
            return Optional.empty();
        }
        if (node.isString()) {
            String value = node.stringValue().strip().toUpperCase(Locale.ROOT);
            for (io.mcphost.protocol.Era era : io.mcphost.protocol.Era.values()) {
                if (era.name().equals(value)) {
                    return Optional.of(era);
                }
            }
        }
        throw error("era", "must be \"auto\", \"modern\" or \"legacy\", not "
                + (node.isString() ? "\"" + node.stringValue() + "\"" : kind(node)));
    }

    private boolean isStdio() {
        String type = string("type");
        if (type == null) {
            boolean command = field("command") != null;
            boolean url = field("url") != null;
            if (command && url) {
                throw error(null, "has both \"command\" and \"url\"; add \"type\": \"stdio\", \"http\" or \"sse\" to say which");
            }
            if (!command && !url) {
                throw error(null, "needs \"command\" (a local server) or \"url\" (a remote one)");
            }
            return command;
        }
        return switch (type.toLowerCase(Locale.ROOT)) {
            case "stdio" -> true;
            case "http", "sse", "streamable-http", "streamablehttp" -> false;
            default -> throw error("type", "must be \"stdio\", \"http\" or \"sse\", not \"" + type + "\"");
        };
    }

    private HttpTransport.Mode mode() {
        String type = string("type");
        if (type == null) {
            return HttpTransport.Mode.AUTO;
        }
        return type.equalsIgnoreCase("sse") ? HttpTransport.Mode.SSE : HttpTransport.Mode.STREAMABLE_HTTP;
    }

    private StdioConfig stdio() {
        String command = string("command");
        if (command == null) {
            throw error("command", "is missing (a stdio server needs the program to run)");
        }
        command = vars.expand(command, server, "command");
        if (command.isBlank()) {
            throw error("command", "is empty");
        }
        List<String> args = new ArrayList<>();
        List<String> rawArgs = strings("args");
        for (int i = 0; i < rawArgs.size(); i++) {
            args.add(vars.expand(rawArgs.get(i), server, "args[" + i + "]"));
        }
        Map<String, String> env = new LinkedHashMap<>(envFile());
        stringMap("env").forEach((k, v) -> {
            checkVariableName("env", k);
            env.put(k, vars.expand(v, server, "env." + k));
        });
        List<String> passthrough = strings("envPassthrough");
        passthrough.forEach(name -> checkVariableName("envPassthrough", name));
        Optional<Path> cwd = Optional.ofNullable(string("cwd")).map(c -> path("cwd", vars.expand(c, server, "cwd")));
        return new StdioConfig(command, args, env, passthrough, cwd);
    }

    private Map<String, String> envFile() {
        String name = string("envFile");
        if (name == null) {
            return Map.of();
        }
        Path file = path("envFile", vars.expand(name, server, "envFile"));
        try {
            return EnvFileReader.parse(files.read(file));
        } catch (NoSuchFileException e) {
            throw error("envFile", "names " + file + ", which does not exist");
        } catch (IOException e) {
            throw new McpConfigException(source, server, "envFile", "names " + file + ", which cannot be read: " + e, e);
        } catch (EnvFileReader.MalformedLine e) {
            throw new McpConfigException(source, server, "envFile", "names " + file + ", whose " + e.getMessage(), e);
        }
    }

    private HttpConfig http() {
        String raw = string("url");
        if (raw == null) {
            throw error("url", "is missing (an HTTP server needs its endpoint)");
        }
        String url = vars.expand(raw, server, "url");
        URI uri;
        try {
            uri = new URI(url.strip());
        } catch (URISyntaxException e) {
            throw error("url", "is not a valid URL: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw error("url", "must start with http:// or https://");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw error("url", "has no host");
        }
        Map<String, String> headers = new LinkedHashMap<>();
        stringMap("headers").forEach((k, v) -> {
            if (!k.matches(HEADER_NAME)) {
                throw error("headers." + k, "is not a valid HTTP header name");
            }
            headers.put(k, vars.expand(v, server, "headers." + k));
        });
        String bearer = string("bearerTokenEnv");
        if (bearer != null) {
            checkVariableName("bearerTokenEnv", bearer);
        }
        return new HttpConfig(uri, mode(), headers, Optional.ofNullable(bearer), oauth());
    }

    /** Claude Code's {@code oauth} ({@code clientId}, …) or Cursor's {@code auth} ({@code CLIENT_ID}, …). */
    private Optional<io.mcphost.config.OAuthConfig> oauth() {
        String key = field("oauth") != null ? "oauth" : field("auth") != null ? "auth" : null;
        if (key == null) {
            return Optional.empty();
        }
        JsonNode node = field(key);
        if (!node.isObject()) {
            throw error(key, "must be an object");
        }
        Optional<String> id = oauthString(node, key, "clientId", "CLIENT_ID");
        Optional<String> secret = oauthString(node, key, "clientSecret", "CLIENT_SECRET");
        List<String> scopes = new ArrayList<>();
        JsonNode s = node.get("scopes") != null ? node.get("scopes") : node.get("scope");
        if (s != null && s.isString()) {
            scopes.addAll(List.of(s.stringValue().strip().split("\\s+")));
        } else if (s != null && s.isArray()) {
            for (JsonNode element : s) {
                if (!element.isString()) {
                    throw error(key + ".scopes", "must be an array of strings");
                }
                scopes.add(element.stringValue());
            }
        } else if (s != null && !s.isNull()) {
            throw error(key + ".scopes", "must be an array of strings or a space-separated string");
        }
        JsonNode port = node.get("callbackPort");
        Optional<Integer> callbackPort = Optional.empty();
        if (port != null && !port.isNull()) {
            if (!port.isInt() || port.intValue() < 0 || port.intValue() > 65535) {
                throw error(key + ".callbackPort", "must be a port number (0 to 65535)");
            }
            callbackPort = Optional.of(port.intValue());
        }
        return Optional.of(new io.mcphost.config.OAuthConfig(id, secret, scopes, callbackPort));
    }

    private Optional<String> oauthString(JsonNode node, String key, String... names) {
        for (String name : names) {
            JsonNode v = node.get(name);
            if (v != null && !v.isNull()) {
                if (!v.isString()) {
                    throw error(key + "." + name, "must be a string, not " + kind(v));
                }
                String expanded = vars.expand(v.stringValue(), server, key + "." + name).strip();
                return expanded.isEmpty() ? Optional.empty() : Optional.of(expanded);
            }
        }
        return Optional.empty();
    }

    private Optional<Duration> timeout() {
        JsonNode node = field("timeout");
        if (node == null) {
            return Optional.empty();
        }
        Duration d;
        if (node.isNumber()) {
            // 1e999 reads as an infinite double, which has no decimal value; -1e999 is just as wrong.
            if (node.isFloatingPointNumber() && !Double.isFinite(node.doubleValue())) {
                throw error("timeout", node.doubleValue() > 0 ? "is too large" : "must be positive");
            }
            BigDecimal seconds = node.decimalValue();
            if (seconds.signum() <= 0) {
                throw error("timeout", "must be positive");
            }
            if (seconds.compareTo(BigDecimal.valueOf(Long.MAX_VALUE / 1000)) > 0) {
                throw error("timeout", "is too large");
            }
            d = Duration.ofMillis(seconds.movePointRight(3).longValue());
        } else if (node.isString()) {
            try {
                d = Duration.parse(node.stringValue().strip());
            } catch (DateTimeParseException e) {
                throw error("timeout", "must be a number of seconds or an ISO-8601 duration such as \"PT30S\", not \""
                        + node.stringValue() + "\"");
            }
        } else {
            throw error("timeout", "must be a number of seconds or an ISO-8601 duration such as \"PT30S\", not "
                    + kind(node));
        }
        if (d.isNegative() || d.isZero()) {
            throw error("timeout", "must be positive");
        }
        return Optional.of(d);
    }

    /** {@code value} as a path: {@code ~} is the user's home, a relative path is relative to the file's directory. */
    private Path path(String key, String value) {
        String home = System.getProperty("user.home");
        try {
            if (value.equals("~")) {
                return Path.of(home);
            }
            if (value.startsWith("~/")) {
                return Path.of(home, value.substring(2));
            }
            return baseDir.resolve(value).normalize();
        } catch (InvalidPathException e) {
            // A NUL character, for one: the message names the reason, not the value (it may hold a secret).
            throw new McpConfigException(source, server, key, "is not a valid path: " + e.getReason(), e);
        }
    }

    private void checkVariableName(String key, String name) {
        if (!name.matches(VARIABLE_NAME)) {
            throw error(key, "holds \"" + name + "\", which is not a valid environment variable name");
        }
    }

    /** The value of {@code key}, or null when absent or JSON null. */
    private JsonNode field(String key) {
        JsonNode node = entry.get(key);
        return node == null || node.isNull() ? null : node;
    }

    private String string(String key) {
        JsonNode node = field(key);
        if (node == null) {
            return null;
        }
        if (!node.isString()) {
            throw error(key, "must be a string, not " + kind(node));
        }
        return node.stringValue();
    }

    private boolean bool(String key, boolean absent) {
        JsonNode node = field(key);
        if (node == null) {
            return absent;
        }
        if (!node.isBoolean()) {
            throw error(key, "must be true or false, not " + kind(node));
        }
        return node.booleanValue();
    }

    private List<String> strings(String key) {
        JsonNode node = field(key);
        if (node == null) {
            return List.of();
        }
        if (!node.isArray()) {
            throw error(key, "must be an array of strings");
        }
        List<String> out = new ArrayList<>(node.size());
        for (JsonNode element : node) {
            if (!element.isString()) {
                throw error(key, "must be an array of strings");
            }
            out.add(element.stringValue());
        }
        return out;
    }

    /** An object of strings; numbers and booleans are accepted as their text, as people write {@code "PORT": 3000}. */
    private Map<String, String> stringMap(String key) {
        JsonNode node = field(key);
        if (node == null) {
            return Map.of();
        }
        if (!node.isObject()) {
            throw error(key, "must be an object of strings");
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            JsonNode v = e.getValue();
            if (v.isString()) {
                out.put(e.getKey(), v.stringValue());
            } else if (v.isNumber() || v.isBoolean()) {
                out.put(e.getKey(), v.asString());
            } else {
                throw error(key + "." + e.getKey(), "must be a string, not " + kind(v));
            }
        }
        return out;
    }

    private McpConfigException error(String key, String problem) {
        return new McpConfigException(source, server, key, problem);
    }

    static String kind(JsonNode node) {
        return switch (node.getNodeType()) {
            case ARRAY -> "an array";
            case OBJECT, POJO -> "an object";
            case STRING, BINARY -> "a string";
            case NUMBER -> "a number";
            case BOOLEAN -> "a boolean";
            case NULL, MISSING -> "null";
        };
    }
}
