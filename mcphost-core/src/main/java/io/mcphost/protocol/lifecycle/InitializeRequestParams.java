package io.mcphost.protocol.lifecycle;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mcphost.protocol.ProtocolVersion;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The params of {@code initialize}: the revision the client prefers, what it supports and who it is.
 * The version is kept as the wire string because a peer may send one this library does not know.
 *
 * @param protocolVersion the latest revision the client supports, for example {@code "2025-11-25"}
 * @param capabilities    the client's optional features
 * @param clientInfo      the client's name and version
 * @param meta            {@code _meta}
 */
public record InitializeRequestParams(String protocolVersion, ClientCapabilities capabilities, Implementation clientInfo,
                                      @JsonProperty("_meta") Optional<JsonNode> meta) {
    public InitializeRequestParams {
        Objects.requireNonNull(protocolVersion, "protocolVersion");
        Objects.requireNonNull(capabilities, "capabilities");
        Objects.requireNonNull(clientInfo, "clientInfo");
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    public static InitializeRequestParams of(ProtocolVersion version, ClientCapabilities capabilities,
                                             Implementation clientInfo) {
        return new InitializeRequestParams(version.id(), capabilities, clientInfo, Optional.empty());
    }
}
