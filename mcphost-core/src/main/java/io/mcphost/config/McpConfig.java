package io.mcphost.config;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A loaded configuration file: its servers in file order (disabled ones included, marked
 * {@link ServerConfig#isEnabled()} false) and the inputs it declares. Immutable.
 *
 * @param servers every server entry, in file order
 * @param inputs the declared inputs (VS Code's {@code inputs}) by id, in file order
 * @param source the file it was loaded from; empty when parsed from a string
 */
public record McpConfig(List<ServerConfig> servers, Map<String, InputDefinition> inputs, Optional<Path> source) {
    /** Validates and copies. */
    public McpConfig {
        servers = List.copyOf(servers);
        inputs = Collections.unmodifiableMap(new LinkedHashMap<>(inputs));
        Objects.requireNonNull(source, "source");
    }

    /** The server with this name, if the file has one. */
    public Optional<ServerConfig> server(String name) {
        Objects.requireNonNull(name, "name");
        return servers.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** The servers that are enabled, in file order. */
    public List<ServerConfig> enabledServers() {
        return servers.stream().filter(ServerConfig::isEnabled).toList();
    }
}
