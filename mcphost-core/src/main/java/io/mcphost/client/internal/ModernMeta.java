package io.mcphost.client.internal;

import io.mcphost.protocol.McpCapabilityException;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.McpUnsupportedVersionException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.modern.ModernMethods;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The stage of revision 2026-07-28 ({@code docs/request-pipeline.md}): on a modern session, each
 * attempt of a request gets the per-request {@code _meta} (protocol version, client capabilities,
 * client info, and the log level when the application asked for logs) and, over HTTP, the headers
 * that mirror it. A method that revision removed ({@code ping}, {@code logging/setLevel},
 * {@code resources/subscribe} …) fails here, before anything is sent. An
 * UnsupportedProtocolVersionError naming another revision we speak is retried once with it (the
 * session then speaks it). On a legacy session the stage does nothing.
 */
final class ModernMeta implements RequestStage {
    private static final JsonCodec CODEC = JsonCodec.get();

    private final Exchange exchange;
    private final ConnectionState connection;
    /** Lists the tools again (their x-mcp-header annotations with them). */
    private final java.util.function.Supplier<CompletableFuture<?>> refreshTools;

    ModernMeta(Exchange exchange, ConnectionState connection, java.util.function.Supplier<CompletableFuture<?>> refreshTools) {
        this.exchange = exchange;
        this.connection = connection;
        this.refreshTools = refreshTools;
    }

    @Override
    public CompletableFuture<JsonNode> apply(OutboundRequest request, Next next) {
        Optional<Session> current = connection.currentSession();
        if (current.isEmpty() || !current.get().modern()) {
            return next.proceed(request);
        }
        if (ModernMethods.REMOVED.contains(request.method())) {
            throw new McpCapabilityException(exchange.name(), request.method() + " does not exist in protocol revision "
                    + current.get().version().id() + ", which this server speaks");
        }
        ProtocolVersion version = current.get().version();
        CompletableFuture<JsonNode> first = next.proceed(envelope(exchange, request, version));
        CompletableFuture<JsonNode> outer = first.exceptionallyCompose(error -> {
            McpException cause = exchange.unwrap(error);
            if (cause instanceof io.mcphost.protocol.McpHeaderMismatchException && McpMethod.TOOLS_CALL.equals(request.method())
                    && exchange.config().transport().capability(io.mcphost.transport.HeaderMirroring.class).isPresent()) {
                // The spec's remedy: the tool's inputSchema (its x-mcp-header annotations) may have changed;
                // list the tools again and retry once with the headers they ask for now.
                return refreshTools.get().handle((listed, failed) -> null)
                        .thenCompose(x -> next.proceed(envelope(exchange, request, version)));
            }
            if (!(cause instanceof McpUnsupportedVersionException unsupported)) {
                return CompletableFuture.failedFuture(cause);
            }
            Optional<ProtocolVersion> better = EraProbe.newestModern(unsupported.supported());
            if (better.isEmpty()) {
                return CompletableFuture.failedFuture(cause);
            }
            connection.currentSession().ifPresent(s -> connection.session(s.withVersion(better.get())));
            return next.proceed(envelope(exchange, request, better.get()));
        });
        Exchange.propagateCancel(outer, first);
        return outer;
    }

    /**
     * The request with the per-request {@code _meta} of {@code version} added to a copy of its params
     * and, when the transport carries headers, the mirrored headers.
     */
    static OutboundRequest envelope(Exchange exchange, OutboundRequest request, ProtocolVersion version) {
        ClientConfig config = exchange.config();
        ObjectNode params = request.params().deepCopy();
        ObjectNode meta = params.has("_meta") && params.get("_meta").isObject()
                ? (ObjectNode) params.get("_meta") : params.putObject("_meta");
        meta.put(io.mcphost.protocol.modern.ModernMeta.PROTOCOL_VERSION, version.id());
        meta.set(io.mcphost.protocol.modern.ModernMeta.CLIENT_CAPABILITIES, capabilities(config));
        meta.set(io.mcphost.protocol.modern.ModernMeta.CLIENT_INFO, CODEC.valueToTree(config.clientInfo()));
        LoggingLevel level = exchange.logLevel();
        if (level != null) {
            meta.set(io.mcphost.protocol.modern.ModernMeta.LOG_LEVEL, CODEC.valueToTree(level));
        }
        if (config.transport().capability(io.mcphost.transport.HeaderMirroring.class).isEmpty()) {
            return request.withParams(params);
        }
        Map<String, String> headers = ModernHeaders.standard(version.id(), request.method(), params);
        if (McpMethod.TOOLS_CALL.equals(request.method()) && params.path("name").isString()) {
            List<ModernHeaders.Annotation> annotations = exchange.toolHeaders().get(params.path("name").stringValue());
            if (annotations != null) {
                ModernHeaders.params(headers, annotations, params.path("arguments"));
            }
        }
        return request.withParams(params).withHeaders(headers);
    }

    /**
     * The client capabilities of a modern request: the features the application enabled, as in the
     * handshake, without {@code roots.listChanged} (its notification does not exist in this revision).
     */
    static ObjectNode capabilities(ClientConfig config) {
        ObjectNode capabilities = Handshake.clientCapabilities(config);
        if (capabilities.has("roots")) {
            capabilities.putObject("roots");
        }
        ModernTasks.declare(capabilities);
        return capabilities;
    }
}
