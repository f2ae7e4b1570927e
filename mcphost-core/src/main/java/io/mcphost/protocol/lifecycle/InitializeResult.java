package io.mcphost.protocol.lifecycle;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** The answer to {@code initialize}: the revision the server chose, its capabilities, identity and usage hints. */
public record InitializeResult(String protocolVersion, ServerCapabilities capabilities, Implementation serverInfo, Optional<String> instructions, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public InitializeResult {
        Objects.requireNonNull(protocolVersion, "protocolVersion");
        Objects.requireNonNull(capabilities, "capabilities");
        Objects.requireNonNull(serverInfo, "serverInfo");
        instructions = instructions == null ? Optional.empty() : instructions;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }
}
