package io.mcphost.server.internal;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.RequestId;
import java.util.List;

/**
 * Fuzzes a legacy (2025-11-25 and older) session of the server toolkit over the in-memory pair:
 * after a valid {@code initialize}, the input's lines are sent as raw JSON-RPC (requests with any
 * method, params and id, notifications, answers to the server's requests, batches; see
 * {@link ServerFuzzKit}). Every request gets exactly one answer under its id (a result object or a
 * spec error, never an escaped exception), nothing else is answered, nothing hangs, and a ping is
 * still served at the end.
 */
class LegacySessionFuzzTest {
    private static final String INITIALIZE = """
            {"protocolVersion":"%s","capabilities":{"elicitation":{},"sampling":{},"roots":{"listChanged":true}},
             "clientInfo":{"name":"fuzz","version":"1"}}""";
    private static final List<String> VERSIONS = List.of("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05");

    @FuzzTest(maxDuration = "10m")
    void legacySession(byte[] data) {
        ServerFuzzKit.warmUp();
        long deadline = System.nanoTime() + ServerFuzzKit.DEADLINE_NANOS;
        // The revision the session negotiates: from the input, so each revision's handling is reached.
        String version = VERSIONS.get(lastVisibleByte(data) % VERSIONS.size());
        try (FuzzWire wire = new FuzzWire()) {
            JsonRpcMessage init = wire.call(JsonRpcRequest.of(RequestId.of("mcphost-fuzz-init"), McpMethod.INITIALIZE,
                    Json.parse(INITIALIZE.formatted(version))), deadline);
            if (!(init instanceof JsonRpcResponse r && r.result().path("protocolVersion").asString("").equals(version))) {
                throw new AssertionError("initialize at " + version + " failed: " + init);
            }
            wire.send(JsonRpcNotification.of(McpMethod.NOTIFICATIONS_INITIALIZED, null));
            ServerFuzzKit.play(wire, ServerFuzzKit.lines(data), deadline);
            wire.assertPingServed(deadline);
            wire.awaitAll(deadline);
            wire.check();
        } finally {
            ServerFuzzKit.rethrowUnexpected();
        }
    }

    /** The input's last byte that is not white space (a seed's last line "0".."3" picks the revision). */
    private static int lastVisibleByte(byte[] data) {
        for (int i = data.length - 1; i >= 0; i--) {
            if (data[i] > ' ') {
                return data[i] & 0xff;
            }
        }
        return 0;
    }
}
