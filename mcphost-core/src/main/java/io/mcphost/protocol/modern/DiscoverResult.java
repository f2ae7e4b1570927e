package io.mcphost.protocol.modern;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.lifecycle.ServerCapabilities;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The result of {@code server/discover} (revision 2026-07-28): the revisions a server speaks, what it
 * offers and, in {@code _meta}, who it is. A client that receives one knows the server is modern.
 *
 * @param supportedVersions the protocol revisions the server supports (wire ids)
 * @param capabilities      the server's features
 * @param instructions      hints for using the server
 * @param resultType        always {@code "complete"} from a conforming server
 * @param ttlMs             how long the answer may be cached
 * @param cacheScope        {@code "public"} or {@code "private"}
 * @param meta              {@code _meta}; {@link ModernMeta#SERVER_INFO} names the server
 */
public record DiscoverResult(List<String> supportedVersions, ServerCapabilities capabilities,
                             Optional<String> instructions, Optional<String> resultType, Optional<Long> ttlMs,
                             Optional<String> cacheScope, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public DiscoverResult {
        supportedVersions = supportedVersions == null ? List.of() : List.copyOf(supportedVersions);
        Objects.requireNonNull(capabilities, "capabilities");
        instructions = instructions == null ? Optional.empty() : instructions;
        resultType = resultType == null ? Optional.empty() : resultType;
        ttlMs = ttlMs == null ? Optional.empty() : ttlMs;
        cacheScope = cacheScope == null ? Optional.empty() : cacheScope;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    /** The server's identity from {@code _meta}, when it sent a readable one. */
    @JsonIgnore
    public Optional<Implementation> serverInfo() {
        return ModernResults.serverInfo(meta);
    }

    /** The newest revision in {@link #supportedVersions()} that this library also speaks. */
    @JsonIgnore
    public Optional<ProtocolVersion> newestKnownVersion() {
        return supportedVersions.stream()
                .map(ProtocolVersion::fromId).flatMap(Optional::stream)
                .max(Enum::compareTo);
    }
}
