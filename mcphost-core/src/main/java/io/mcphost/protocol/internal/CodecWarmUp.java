package io.mcphost.protocol.internal;

import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.lifecycle.ServerCapabilities;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.resources.ReadResourceResult;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Builds {@link JsonCodec}'s mapper on a background thread and then warms it up: one pass of the
 * conversions a client's exchanges need when their shapes are not the plain ones the codec builds
 * itself (the initialize result, a resource and a prompt), so Jackson has built and cached its
 * deserializers and the record constructors' handles before a call needs them. The tools types are
 * warmed by the client, which decodes them ({@code ClientWarmUp}): the codec does not know them.
 * On a cold JVM the mapper takes 150–250 ms and the first conversions 70–120 ms more; the build starts
 * when a client first waits for its server ({@link JsonCodec#prepare()}), so both overlap the server's
 * start. Before that, {@link #warmTreesEarly} pays the one-time costs of the mapper-free tree path that
 * every message takes.
 */
final class CodecWarmUp {
    /** Plain MCP messages in the shapes servers answer with; their content does not matter. */
    private static final String INITIALIZE = """
            {"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{"listChanged":true},\
            "resources":{"subscribe":true},"prompts":{},"logging":{}},"serverInfo":{"name":"warm-up","version":"1"}}}""";
    private static final String READ = """
            {"contents":[{"uri":"file:///a","mimeType":"text/plain","text":"t"}]}""";
    private static final String PROMPT = """
            {"description":"d","messages":[{"role":"user","content":{"type":"text","text":"t"}}]}""";

    private CodecWarmUp() {
    }

    /** Starts building on a daemon thread; the future completes with the mapper before the warm-up runs. */
    static void start(Supplier<JsonMapper> build, CompletableFuture<JsonMapper> built) {
        Thread.ofPlatform().daemon().name("mcphost-json-init").start(() -> {
            JsonMapper mapper;
            try {
                mapper = build.get();
            } catch (Throwable t) {
                built.completeExceptionally(t);
                return;
            }
            built.complete(mapper);
            warmUp(mapper);
        });
    }

    /**
     * Runs the tree path once on a daemon thread: a line read into a tree and classified, a message
     * written, a handshake record turned into a tree. Started when the codec is first used, so on a cold
     * JVM the one-time costs behind that path are paid on the other core while the client is still
     * being built: the JDK's {@code BigDecimal} class initialisation (which Jackson's first tree node
     * needs; about 25 ms of interpreted big-integer arithmetic on JDK 25), the first pattern-matching
     * switch (the JDK generates its dispatcher with the class-file API) and the streaming core's
     * classes. A few tens of ms of CPU; no mapper. Measured: main to initialized 435 → 371 ms (median
     * of 8 interleaved cold starts each, loaded machine).
     */
    static void warmTreesEarly(JsonCodec codec) {
        Thread.ofPlatform().daemon().name("mcphost-json-early").start(() -> {
            try {
                HandshakeRecords.toTree(io.mcphost.protocol.logging.LoggingLevel.INFO);
                byte[] line = INITIALIZE.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                codec.encodeBytes(codec.decode(line, 0, line.length).getFirst());
            } catch (RuntimeException | LinkageError e) {
                LoggerFactory.getLogger(CodecWarmUp.class).debug("JSON tree warm-up failed", e);
            }
        });
    }

    /** Waits for the mapper; a failure to build it is rethrown as it was thrown (it is a bug, not I/O). */
    static JsonMapper await(CompletableFuture<JsonMapper> built) {
        try {
            return built.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    private static void warmUp(JsonMapper mapper) {
        try {
            JsonNode init = mapper.readTree(INITIALIZE);
            JsonNode result = init.get("result");
            mapper.treeToValue(result.get("serverInfo"), Implementation.class);
            mapper.treeToValue(result.get("capabilities"), ServerCapabilities.class);
            mapper.valueToTree(Implementation.of("warm-up", "1"));
            mapper.writeValueAsBytes(init);
            JsonCodec codec = JsonCodec.get(); // initialised by now: its constructor only started this thread
            codec.treeToValue(mapper.readTree(READ), ReadResourceResult.class);
            codec.treeToValue(mapper.readTree(PROMPT), GetPromptResult.class);
            // The framing path of every message: a request encoded to bytes, an answer line classified
            // (from bytes, as a pipe delivers it).
            codec.encodeBytes(io.mcphost.protocol.JsonRpcRequest.of(io.mcphost.protocol.RequestId.of(1), "tools/call",
                    mapper.readTree("{\"name\":\"echo\",\"arguments\":{}}")));
            byte[] line = INITIALIZE.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            codec.decode(line, 0, line.length);
        } catch (RuntimeException | LinkageError e) {
            // Only a head start: the same conversions run again when needed, and fail there if they must.
            LoggerFactory.getLogger(CodecWarmUp.class).debug("JSON warm-up failed", e);
        }
    }
}
