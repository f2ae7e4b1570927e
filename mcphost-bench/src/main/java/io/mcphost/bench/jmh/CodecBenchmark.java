package io.mcphost.bench.jmh;

import io.mcphost.client.McpClient;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import io.mcphost.transport.memory.MemoryTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Encoding and decoding a tools/call result of 1 KiB, 64 KiB and 4 MiB.
 *
 * <p>McpHost's JSON codec is internal (not exported), so it is measured through the public API: a
 * call through {@link McpClient} to an in-process {@link McpServer} over the in-memory transport,
 * once with every message encoded to JSON text and decoded again ({@code mcphostCallWithCodec})
 * and once passing the records through ({@code mcphostCallWithoutCodec}). The difference is the
 * codec's cost for one request and one result. The SDK's codec is public: {@code sdkEncodeDecode}
 * encodes a JSON-RPC response holding the same result and decodes it the way its transports do
 * (JSON-RPC message first, then the result type).
 *
 * <p>Run: {@code java -jar mcphost-bench/target/mcphost-bench.jar jmh CodecBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class CodecBenchmark {
    /** Payload size in bytes of the result's text. */
    @Param({"1024", "65536", "4194304"})
    public int size;

    private McpClient withCodec;
    private McpClient withoutCodec;
    private JsonNode args;
    private McpJsonMapper sdkMapper;
    private McpSchema.JSONRPCResponse sdkResponse;

    /** Starts the server and both clients; builds the SDK's result once. */
    @Setup(Level.Trial)
    public void setUp() {
        String payload = "x".repeat(size);
        McpServer server = McpServer.builder().name("codec")
                .tool(Tool.of("blob", "Returns a fixed text.", JsonNodeFactory.instance.objectNode().put("type", "object")),
                        call -> CallToolResult.text(payload))
                .build();
        withCodec = connect(server, true);
        withoutCodec = connect(server, false);
        args = JsonNodeFactory.instance.objectNode();
        sdkMapper = McpJsonDefaults.getMapper();
        sdkResponse = McpSchema.JSONRPCResponse.result(1,
                new McpSchema.CallToolResult(List.of(McpSchema.TextContent.builder(payload).build()), false, null, null));
    }

    private static McpClient connect(McpServer server, boolean codec) {
        MemoryTransport.Pair pair = MemoryTransport.builder().roundTripThroughCodec(codec).pair();
        server.serve(pair.server());
        return McpClient.builder(pair.client()).name(codec ? "with-codec" : "without-codec").connect();
    }

    /** Closes both clients. */
    @TearDown(Level.Trial)
    public void tearDown() {
        withCodec.close();
        withoutCodec.close();
    }

    /** A call whose request and result are encoded to JSON text and decoded again. */
    @Benchmark
    public int mcphostCallWithCodec() {
        return length(withCodec.callTool("blob", args));
    }

    /** The same call with records passed through: the in-process baseline. */
    @Benchmark
    public int mcphostCallWithoutCodec() {
        return length(withoutCodec.callTool("blob", args));
    }

    /** The SDK: encode the JSON-RPC response, decode the message, then convert the result. */
    @Benchmark
    public int sdkEncodeDecode() throws IOException {
        String json = sdkMapper.writeValueAsString(sdkResponse);
        McpSchema.JSONRPCMessage message = McpSchema.deserializeJsonRpcMessage(sdkMapper, json);
        McpSchema.CallToolResult result = sdkMapper.convertValue(((McpSchema.JSONRPCResponse) message).result(),
                McpSchema.CallToolResult.class);
        return result.content().getFirst() instanceof McpSchema.TextContent t ? t.text().length() : -1;
    }

    private static int length(CallToolResult result) {
        return result.content().getFirst() instanceof TextContent t ? t.text().length() : -1;
    }
}
