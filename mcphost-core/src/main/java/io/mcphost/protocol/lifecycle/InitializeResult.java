package io.mcphost.protocol.lifecycle;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mcphost.protocol.ProtocolVersion;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The result of {@code initialize}: the revision the server chose, what it offers and who it is.
 *
 * @param protocolVersion the revision the server wants to use (the client disconnects if it cannot speak it)
 * @param capabilities    the server's features
 * @param serverInfo      the server's name and version
 * @param instructions    hints for using the server, for example to add to a system prompt
 * @param meta            {@code _meta}
 */
public record InitializeResult(String protocolVersion, ServerCapabilities capabilities, Implementation serverInfo,
                               Optional<String> instructions, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public InitializeResult {
        Objects.requireNonNull(protocolVersion, "protocolVersion");
        Objects.requireNonNull(capabilities, "capabilities");
        Objects.requireNonNull(serverInfo, "serverInfo");
        instructions = instructions == null ? Optional.empty() : instructions;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    public static InitializeResult of(ProtocolVersion version, ServerCapabilities capabilities, Implementation serverInfo) {
        return new InitializeResult(version.id(), capabilities, serverInfo, Optional.empty(), Optional.empty());
    }

    /** The chosen revision, when this library knows it. */
    public Optional<ProtocolVersion> knownVersion() {
        return ProtocolVersion.fromId(protocolVersion);
    }
}
