package io.mcphost.client.internal;

import io.mcphost.protocol.McpCapabilityException;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.McpUnsupportedVersionException;
import io.mcphost.protocol.ProtocolVersion;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.modern.EraTranslation;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The envelope stage of a modern session ({@link ModernSession}, {@code docs/request-pipeline.md}):
 * each attempt of a request gets the per-request {@code _meta} ({@link EraTranslation#withModernMeta})
 * and, over HTTP, the headers that mirror it. A method that revision removed ({@code ping},
 * {@code logging/setLevel}, {@code resources/subscribe} …) fails here, before anything is sent. An
 * UnsupportedProtocolVersionError naming another revision we speak is retried once with it (the
 * session then speaks it). Over HTTP, a listed tool with an invalid {@code x-mcp-header} annotation
 * is left out of the {@code tools/list} answer, as the spec requires, and the valid annotations are
 * kept for the headers of the tool's calls.
 */
final class ModernMeta implements RequestStage {
    private static final Logger LOG = LoggerFactory.getLogger(ModernMeta.class);

    private final Exchange exchange;
    private final ConnectionState connection;
    /** Lists the tools again (their x-mcp-header annotations with them). */
    private final Supplier<CompletableFuture<?>> refreshTools;
    /** The x-mcp-header annotations of the tools as last listed (modern HTTP), by tool name. */
    private final Map<String, List<ModernHeaders.Annotation>> toolHeaders = new ConcurrentHashMap<>();

    ModernMeta(Exchange exchange, ConnectionState connection, Supplier<CompletableFuture<?>> refreshTools) {
        this.exchange = exchange;
        this.connection = connection;
        this.refreshTools = refreshTools;
    }

    @Override
    public CompletableFuture<JsonNode> apply(OutboundRequest request, Next next) {
        Session current = connection.session();
        if (!EraTranslation.expressibleInModern(request.method())) {
            throw new McpCapabilityException(exchange.name(), request.method() + " does not exist in protocol revision "
                    + current.version().id() + ", which this server speaks");
        }
        ProtocolVersion version = current.version();
        boolean mirrored = exchange.config().transport().capability(io.mcphost.transport.HeaderMirroring.class).isPresent();
        CompletableFuture<JsonNode> first = next.proceed(envelope(exchange, request, version, toolHeaders));
        CompletableFuture<JsonNode> outer = first.exceptionallyCompose(error -> {
            McpException cause = exchange.unwrap(error);
            if (cause instanceof io.mcphost.protocol.McpHeaderMismatchException && McpMethod.TOOLS_CALL.equals(request.method())
                    && mirrored) {
                // The spec's remedy: the tool's inputSchema (its x-mcp-header annotations) may have changed;
                // list the tools again and retry once with the headers they ask for now.
                return refreshTools.get().handle((listed, failed) -> null)
                        .thenCompose(x -> next.proceed(envelope(exchange, request, version, toolHeaders)));
            }
            if (!(cause instanceof McpUnsupportedVersionException unsupported)) {
                return CompletableFuture.failedFuture(cause);
            }
            Optional<ProtocolVersion> better = EraProbe.newestModern(unsupported.supported());
            if (better.isEmpty()) {
                return CompletableFuture.failedFuture(cause);
            }
            connection.currentSession().ifPresent(s -> connection.session(s.withVersion(better.get())));
            return next.proceed(envelope(exchange, request, better.get(), toolHeaders));
        });
        Exchange.propagateCancel(outer, first);
        if (!mirrored || !McpMethod.TOOLS_LIST.equals(request.method())) {
            return outer;
        }
        CompletableFuture<JsonNode> checked = outer.thenApply(this::leaveOutInvalidTools);
        Exchange.propagateCancel(checked, outer);
        return checked;
    }

    /**
     * The request with the per-request {@code _meta} of {@code version} added to a copy of its params
     * and, when the transport carries headers, the mirrored headers ({@code Mcp-Param-*} from
     * {@code toolHeaders} for a tool call).
     */
    static OutboundRequest envelope(Exchange exchange, OutboundRequest request, ProtocolVersion version,
                                    Map<String, List<ModernHeaders.Annotation>> toolHeaders) {
        ClientConfig config = exchange.config();
        Identity identity = exchange.modernIdentity();
        ObjectNode params = EraTranslation.withModernMeta(request.params(), version, identity.capabilities(),
                identity.clientInfo(), request.options().logLevel().or(() -> Optional.ofNullable(exchange.logLevel())));
        if (config.transport().capability(io.mcphost.transport.HeaderMirroring.class).isEmpty()) {
            return request.withParams(params);
        }
        Map<String, String> headers = ModernHeaders.standard(version.id(), request.method(), params);
        if (McpMethod.TOOLS_CALL.equals(request.method()) && params.path("name").isString()) {
            List<ModernHeaders.Annotation> annotations = toolHeaders.get(params.path("name").stringValue());
            if (annotations != null) {
                ModernHeaders.params(headers, annotations, params.path("arguments"));
            }
        }
        return request.withParams(params).withHeaders(headers);
    }

    /**
     * The client capabilities of a modern request (the features the application enabled, as in the
     * handshake, made modern: {@link EraTranslation#modernCapabilities}) and its {@code clientInfo}, as
     * trees. Built once per client: the config they come from never changes, and building them (the
     * client info through Jackson's tree serialiser) cost more than the rest of a request's envelope.
     * Never handed out to be changed: each request gets copies.
     */
    record Identity(ObjectNode capabilities, ObjectNode clientInfo) {
        static Identity of(ClientConfig config) {
            return new Identity(EraTranslation.modernCapabilities(Handshake.clientCapabilities(config)),
                    (ObjectNode) JsonCodec.get().valueToTree(config.clientInfo()));
        }
    }

    /** A tools/list page without the tools whose x-mcp-header annotations are invalid; the others' are kept. */
    private JsonNode leaveOutInvalidTools(JsonNode result) {
        JsonNode tools = result.path("tools");
        if (!tools.isArray()) {
            return result; // the listing reports the malformed answer
        }
        ArrayNode list = (ArrayNode) tools;
        for (int i = list.size() - 1; i >= 0; i--) { // backwards: removing keeps the indexes still to visit
            JsonNode tool = list.get(i);
            String name = tool.path("name").asString("");
            ModernHeaders.Result checked = ModernHeaders.annotations(tool.path("inputSchema"));
            if (checked.invalid().isPresent()) {
                LOG.warn("server '{}': tool '{}' left out: {}", exchange.name(), name, checked.invalid().get());
                toolHeaders.remove(name);
                list.remove(i);
            } else if (checked.annotations().isEmpty()) {
                toolHeaders.remove(name);
            } else {
                toolHeaders.put(name, checked.annotations());
            }
        }
        return result;
    }
}
