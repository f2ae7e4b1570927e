package io.mcphost.client.internal;

import io.mcphost.client.ClientSettings;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.ListToolsResult;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.Transport;
import io.mcphost.transport.memory.MemoryTransport;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Links a client's request path once per JVM, in the background, while the first server starts.
 *
 * <p>Why: on a cold JVM the first call after the handshake spent ~10 ms linking the path the
 * handshake does not take (a dozen lambdas in the stages, the pending-request and the decoding code,
 * and the method handles behind them, each generated on first use) and running it interpreted; the
 * same call in a warm JVM takes under 1 ms. A call site is linked once for the whole JVM, whoever runs
 * it first, so as the first client starts connecting, a private client over an in-memory pair,
 * answered by a canned responder, calls a tool and lists tools (in that order: a call is what an
 * application most often makes first) while the real server process starts. It skips the handshake
 * ({@link RealMcpClient#connectKnown}): the real client links that path itself meanwhile, and with it
 * the warm-up, competing for two cores with that client and the starting server, ended after the
 * first call in half the runs. Measured (fresh JVMs, floor server, 8 interleaved runs each): first call
 * after initialize 1.3–4.3 ms against 15–25 ms without, main → initialized unchanged (~250 ms).
 *
 * <p>Order matters on two cores: the Jackson mapper's build ({@link JsonCodec#prepare()}, a few
 * hundred ms of CPU on a cold JVM) starts only once this is done, so the two never compete, and this
 * needs no mapper (every message here has a plain shape the codec builds itself). An earlier version
 * waited for the mapper and was still running when the first call came.
 *
 * <p>It touches nothing shared but the JVM's linkage: the warm-up client has its own transport, no
 * handlers and no observer, and its traffic never leaves the JVM. Its thread ends with it (tens of
 * ms). {@code -Dmcphost.warmUp=false} turns it off.
 */
final class ClientWarmUp {
    private static final AtomicBoolean STARTED = new AtomicBoolean();
    /** Completes when the warm-up has ended: normally if its exchanges all answered (tests check it still works). */
    private static final CompletableFuture<Void> DONE = new CompletableFuture<>();
    private static final String INITIALIZE = """
            {"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"warm-up","version":"1"}}""";
    private static final String TOOLS = """
            {"tools":[{"name":"echo","inputSchema":{"type":"object","properties":{"text":{"type":"string"}}}}]}""";
    private static final String CALL = """
            {"content":[{"type":"text","text":"hello"}],"isError":false}""";
    /**
     * A tools list and a tool result in shapes the plain readers decline ({@code PlainTools},
     * {@code FastResults}), for Jackson's deserializers of the tools types: the codec warms the mapper for
     * the handshake's records, and these are the client's to warm, as it decodes them.
     */
    private static final String RICH_TOOLS = """
            {"tools":[{"name":"echo","description":"d","inputSchema":{"type":"object","properties":{"text":{"type":"string"}},\
            "required":["text"]},"annotations":{"readOnlyHint":true}}],"nextCursor":"c"}""";
    private static final String RICH_CALL = """
            {"content":[{"type":"text","text":"hello"}],"structuredContent":{"a":1},"isError":false}""";
    private static final AtomicBoolean DECODERS_QUEUED = new AtomicBoolean();

    private ClientWarmUp() {
    }

    /**
     * Called as a client starts connecting: the first time in a JVM (unless turned off), starts the
     * warm-up on a daemon thread. Returns at once.
     */
    static void start() {
        if (STARTED.compareAndSet(false, true)) {
            if (Boolean.parseBoolean(System.getProperty("mcphost.warmUp", "true"))) {
                Thread.ofPlatform().daemon().name("mcphost-client-warm-up").start(ClientWarmUp::run);
            } else {
                DONE.complete(null);
            }
        }
    }

    /**
     * Called when a client has sent its handshake and waits for the server: prepares the codec's mapper
     * now, unless the warm-up still runs (it prepares it when it ends). Returns at once.
     */
    static void serverStarting() {
        if (DONE.isDone()) {
            prepareCodec();
        }
    }

    /** The warm-up's end (tests). */
    static CompletableFuture<Void> done() {
        return DONE;
    }

    private static void run() {
        try {
            warmUp();
            DONE.complete(null);
        } catch (RuntimeException | LinkageError e) {
            // Only a head start: the real client runs the same code when it needs it.
            LoggerFactory.getLogger(ClientWarmUp.class).debug("client warm-up failed", e);
            DONE.completeExceptionally(e);
        } finally {
            prepareCodec();
        }
    }

    /**
     * Starts the mapper's build ({@link JsonCodec#prepare()}), the first time with the tools types'
     * conversions queued behind it on the build's thread (they ran in the codec's own warm-up before the
     * codec stopped knowing the tools types). Also when the warm-up is turned off: that is the client's.
     */
    private static void prepareCodec() {
        if (DECODERS_QUEUED.compareAndSet(false, true)) {
            JsonCodec.get().prepare(ClientWarmUp::warmDecoders);
        } else {
            JsonCodec.get().prepare();
        }
    }

    /**
     * A client with every default and nothing enabled (no handler, listener, observer or roots): what
     * the public builder makes of a transport and a name. Built here rather than through the builder,
     * which depends on this package and must not be depended on from it.
     */
    private static ClientConfig plainConfig(Transport transport, String name, Era era, Duration closeTimeout) {
        ClientSettings d = ClientSettings.DEFAULTS;
        return new ClientConfig(transport, name, d.clientInfo().orElseThrow(), d.requestTimeout().orElseThrow(),
                d.initializeTimeout().orElseThrow(), closeTimeout, ClientConfig.MAX_PENDING_REQUESTS,
                ClientConfig.SESSION_RETRIES, n -> { }, m -> { }, d.elicitation(), d.sampling(), d.roots(),
                ClientConfig.SERVER_REQUEST_TIMEOUT, false, Optional.empty(), kind -> { }, e -> { }, t -> { },
                d.observer(), era, ClientConfig.PROBE_TIMEOUT, Optional.empty());
    }

    private static void warmDecoders(JsonMapper mapper) {
        try {
            // Through the mapper, not the codec: the plain shapes never need it, the others (an image
            // block, annotations) do.
            mapper.treeToValue(mapper.readTree(RICH_TOOLS), ListToolsResult.class);
            mapper.treeToValue(mapper.readTree(RICH_CALL), CallToolResult.class);
        } catch (RuntimeException | LinkageError e) {
            LoggerFactory.getLogger(ClientWarmUp.class).debug("tools JSON warm-up failed", e);
        }
    }

    private static void warmUp() {
        MemoryTransport.Pair pair = MemoryTransport.pair();
        Transport server = pair.server();
        server.start(new InboundHandler() {
            @Override
            public void onMessage(JsonRpcMessage message) {
                if (message instanceof JsonRpcRequest request) {
                    String result = switch (request.method()) {
                        case "tools/list" -> TOOLS;
                        case "tools/call" -> CALL;
                        default -> "{}";
                    };
                    server.send(new JsonRpcResponse(request.id(), JsonCodec.get().readTree(result)));
                }
            }

            @Override
            public void onClosed(McpTransportException cause) {
                // nothing to release
            }
        });
        try (RealMcpClient client = RealMcpClient.create(
                plainConfig(pair.client(), "mcphost-warm-up", Era.LEGACY, Duration.ofSeconds(1)))) {
            client.connectKnown(Handshake.toSession(client.name(), JsonCodec.get().readTree(INITIALIZE)));
            client.callTool("echo", JsonNodeFactory.instance.objectNode().put("text", "hello")).content();
            client.listTools();
        } finally {
            server.close(Duration.ofSeconds(1));
        }
    }
}
