package io.mcphost.protocol;

import io.mcphost.protocol.modern.ModernMeta;
import io.mcphost.protocol.modern.ModernMethods;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The one rule that tells which {@link Era} an inbound request belongs to, for a dual-era server
 * (spec 2026-07-28, basic/versioning, "Backward Compatibility with Initialization-Based Versions";
 * basic/transports/streamable-http, "Protocol Version Header"). A request is {@link Era#MODERN} when
 * any of these holds, else {@link Era#LEGACY}:
 *
 * <ul>
 *   <li>its {@code _meta} declares a protocol version, whatever the value: "a request carrying modern
 *       per-request {@code _meta} is served statelessly", and a version the server does not know is
 *       answered with the modern UnsupportedProtocolVersionError, not with legacy semantics;</li>
 *   <li>its method exists only in the modern era ({@code server/discover}, {@code subscriptions/listen}):
 *       a legacy session has no meaning for it, so a malformed one gets the modern error;</li>
 *   <li>the transport's {@code MCP-Protocol-Version} header (HTTP) names 2026-07-28 or later: the
 *       request then claims the modern revision, and a missing {@code _meta} is its error.</li>
 * </ul>
 *
 * Everything else, {@code initialize} above all, selects the legacy session. The rule is a property
 * of one request; transports without headers (stdio, in-memory) pass none. Stateless; never throws
 * on malformed input (a missing or non-object {@code params} declares nothing).
 */
public final class EraRule {
    /** The methods only the modern era has. */
    private static final Set<String> MODERN_ONLY = Set.of(ModernMethods.SERVER_DISCOVER, ModernMethods.SUBSCRIPTIONS_LISTEN);

    private EraRule() {
    }

    /** The era of a request that arrived on a transport without headers (stdio, in-memory). */
    public static Era of(JsonRpcRequest request) {
        return of(request, Optional.empty());
    }

    /** The era of a request whose transport carried {@code versionHeader} (HTTP's MCP-Protocol-Version). */
    public static Era of(JsonRpcRequest request, Optional<String> versionHeader) {
        return of(request.method(), request.params(), versionHeader);
    }

    /**
     * The era of an inbound message given by its parts, for transports that decide before decoding a
     * whole message (HTTP reads the method and params from the body's tree). {@code method} may be
     * empty when the body has none.
     */
    public static Era of(String method, Optional<JsonNode> params, Optional<String> versionHeader) {
        Objects.requireNonNull(method, "method");
        return declaresVersion(params) || MODERN_ONLY.contains(method) || modernHeader(versionHeader)
                ? Era.MODERN : Era.LEGACY;
    }

    /** Whether {@code params._meta} carries the protocol-version key (any value). */
    public static boolean declaresVersion(Optional<JsonNode> params) {
        return params.map(p -> p.path("_meta").has(ModernMeta.PROTOCOL_VERSION)).orElse(false);
    }

    /** The version {@code params._meta} names, when it names one as a string. */
    public static Optional<String> declaredVersion(Optional<JsonNode> params) {
        return params.map(p -> p.path("_meta").path(ModernMeta.PROTOCOL_VERSION))
                .filter(JsonNode::isString).map(JsonNode::stringValue);
    }

    /** Whether a version header value (surrounding whitespace ignored) names 2026-07-28 or later. */
    public static boolean modernHeader(Optional<String> versionHeader) {
        return versionHeader.map(String::strip).flatMap(ProtocolVersion::fromId)
                .filter(v -> v.isAtLeast(ProtocolVersion.V2026_07_28)).isPresent();
    }
}
