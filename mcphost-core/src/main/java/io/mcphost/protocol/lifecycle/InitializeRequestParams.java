package io.mcphost.protocol.lifecycle;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** The params of {@code initialize}: the revision the client offers, its capabilities and identity. */
public record InitializeRequestParams(String protocolVersion, ClientCapabilities capabilities, Implementation clientInfo, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public InitializeRequestParams {
        Objects.requireNonNull(protocolVersion, "protocolVersion");
        Objects.requireNonNull(capabilities, "capabilities");
        Objects.requireNonNull(clientInfo, "clientInfo");
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }
}
