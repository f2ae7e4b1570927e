package io.mcphost.config;

import io.mcphost.transport.Transport;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * One server entry of a configuration file: how to reach it and McpHost's options for it.
 * Immutable.
 *
 * @param name the entry's key in the file
 * @param transport how to reach it
 * @param isEnabled false when the entry says {@code "enabled": false} or {@code "disabled": true}
 * @param isRequired whether the host must fail to start when this server cannot ({@code "required": true})
 * @param timeout the startup and per-request timeout ({@code "timeout"}: seconds or ISO-8601)
 * @param prefix the prefix for this server's tool names ({@code "prefix"})
 * @param allowTools glob patterns of tools to offer; empty means all ({@code "allowTools"})
 * @param denyTools glob patterns of tools to hide ({@code "denyTools"})
 * @param disabledTools tool names the file disables (Kiro's {@code "disabledTools"})
 * @param autoApprove tool names that need no approval (Kiro's {@code "autoApprove"})
 * @param extras every key McpHost does not know, as written, in file order
 * @param era the protocol era to speak ({@code "era"}: {@code auto}, {@code modern}, {@code legacy}; a
 *            McpHost extension accepted in every format); empty means the client's default (auto)
 */
public record ServerConfig(String name, TransportConfig transport, boolean isEnabled, boolean isRequired,
                           Optional<Duration> timeout, Optional<String> prefix, List<String> allowTools,
                           List<String> denyTools, List<String> disabledTools, List<String> autoApprove,
                           Map<String, JsonNode> extras, Optional<io.mcphost.protocol.Era> era) {
    /** Validates and copies. */
    public ServerConfig {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(prefix, "prefix");
        allowTools = List.copyOf(allowTools);
        denyTools = List.copyOf(denyTools);
        disabledTools = List.copyOf(disabledTools);
        autoApprove = List.copyOf(autoApprove);
        // JsonNode values are mutable; deep copies keep the record immutable.
        Map<String, JsonNode> copy = new LinkedHashMap<>();
        extras.forEach((k, v) -> copy.put(k, v.deepCopy()));
        extras = Collections.unmodifiableMap(copy);
        Objects.requireNonNull(era, "era");
    }

    /** An entry without {@code "era"}: the constructor before the key existed. */
    public ServerConfig(String name, TransportConfig transport, boolean isEnabled, boolean isRequired,
                        Optional<Duration> timeout, Optional<String> prefix, List<String> allowTools,
                        List<String> denyTools, List<String> disabledTools, List<String> autoApprove,
                        Map<String, JsonNode> extras) {
        this(name, transport, isEnabled, isRequired, timeout, prefix, allowTools, denyTools, disabledTools, autoApprove,
                extras, Optional.empty());
    }

    /** The unknown keys, as deep copies: changing them does not change this record. */
    @Override
    public Map<String, JsonNode> extras() {
        Map<String, JsonNode> copy = new LinkedHashMap<>();
        extras.forEach((k, v) -> copy.put(k, v.deepCopy()));
        return Collections.unmodifiableMap(copy);
    }

    /**
     * Builds this server's transport, named after the server. Does no I/O.
     *
     * @throws IllegalArgumentException if the transport rejects a setting
     * @throws IllegalStateException if a {@code bearerTokenEnv} variable is not set
     */
    public Transport toTransport() {
        return transport.toTransport(name);
    }
}
