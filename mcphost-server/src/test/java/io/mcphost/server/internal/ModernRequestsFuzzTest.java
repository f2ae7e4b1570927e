package io.mcphost.server.internal;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.modern.ModernMethods;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Fuzzes the server toolkit's 2026-07-28 (stateless) request handling over the in-memory pair: the
 * input's lines are self-contained requests ({@code _meta} with protocol version, client info and
 * capabilities), input rounds with a fuzzed or forged {@code requestState}, tasks, listen streams
 * (see {@link ServerFuzzKit}). Beside the invariants of every request (one answer under its id, a
 * spec error code, no escaped exception, no hang, a ping still served), a {@code requestState} the
 * server did not issue is never accepted: each state it issues is sent back tampered with, under
 * another request, and forged, and each of these must be refused with -32602.
 */
class ModernRequestsFuzzTest {
    private static final Set<String> INPUT_METHODS = Set.of(McpMethod.TOOLS_CALL, McpMethod.PROMPTS_GET,
            McpMethod.RESOURCES_READ);
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    private static final int MAX_REPLAYED = 2;

    @FuzzTest(maxDuration = "10m")
    void modernRequests(byte[] data) {
        ServerFuzzKit.warmUp();
        long deadline = System.nanoTime() + ServerFuzzKit.DEADLINE_NANOS;
        try (FuzzWire wire = new FuzzWire()) {
            List<JsonRpcRequest> requests = ServerFuzzKit.play(wire, ServerFuzzKit.lines(data), deadline);
            wire.awaitAll(deadline);
            List<String> issued = new ArrayList<>();
            List<JsonRpcRequest> rounds = new ArrayList<>();
            for (JsonRpcRequest request : requests) {
                for (JsonRpcMessage answer : wire.answersTo(request.id())) {
                    if (answer instanceof JsonRpcResponse r && r.result().path("requestState").isString()) {
                        issued.add(r.result().get("requestState").stringValue());
                        if (rounds.size() < MAX_REPLAYED && FuzzWire.modern(request)
                                && wire.requestsWith(request.id()) == 1) {
                            rounds.add(request);
                        }
                    }
                }
            }
            for (JsonRpcRequest request : requests) {
                checkStateNotForged(wire, request, issued);
            }
            int tweak = Arrays.hashCode(data) & 0x7fffffff;
            for (int i = 0; i < rounds.size(); i++) {
                JsonRpcRequest round = rounds.get(i);
                String state = stateIssuedFor(wire, round);
                replay(wire, round, tampered(state, tweak), null, issued, "tampered", deadline);
                replay(wire, round, state, "zz-another-argument", issued, "replayed under other arguments", deadline);
                replay(wire, round, forged(tweak), null, issued, "forged", deadline);
            }
            wire.assertPingServed(deadline);
            JsonRpcMessage discover = wire.call(JsonRpcRequest.of(RequestId.of("mcphost-fuzz-discover"),
                    ModernMethods.SERVER_DISCOVER, Json.parse("""
                            {"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",
                             "io.modelcontextprotocol/clientInfo":{"name":"fuzz","version":"1"},
                             "io.modelcontextprotocol/clientCapabilities":{}}}""")), deadline);
            if (!(discover instanceof JsonRpcResponse)) {
                throw new AssertionError("server/discover is no longer served: " + discover);
            }
            wire.awaitAll(deadline);
            wire.check();
        } finally {
            ServerFuzzKit.rethrowUnexpected();
        }
    }

    private static String stateIssuedFor(FuzzWire wire, JsonRpcRequest request) {
        for (JsonRpcMessage answer : wire.answersTo(request.id())) {
            if (answer instanceof JsonRpcResponse r && r.result().path("requestState").isString()) {
                return r.result().get("requestState").stringValue();
            }
        }
        throw new IllegalStateException("no state for " + request);
    }

    /** A modern input request whose requestState the server never issued must not succeed. */
    private static void checkStateNotForged(FuzzWire wire, JsonRpcRequest request, List<String> issued) {
        if (!INPUT_METHODS.contains(request.method()) || !FuzzWire.modern(request)
                || wire.requestsWith(request.id()) != 1) { // answers to a reused id cannot be told apart
            return;
        }
        JsonNode state = request.params().map(p -> p.path("requestState")).orElse(null);
        if (state == null || !state.isString() || issuedEquivalent(state.stringValue(), issued)) {
            return;
        }
        for (JsonRpcMessage answer : wire.answersTo(request.id())) {
            if (answer instanceof JsonRpcResponse r) {
                throw new AssertionError("a requestState the server never issued was accepted: " + request + " -> " + r);
            }
        }
    }

    /** Sends {@code round} again with {@code state} (and an extra argument): it must be refused with -32602. */
    private static void replay(FuzzWire wire, JsonRpcRequest round, String state, String extraArgument,
                               List<String> issued, String what, long deadline) {
        if (extraArgument == null && issuedEquivalent(state, issued)) {
            return; // the same bytes in another spelling of Base64: the state the server issued
        }
        ObjectNode params = (ObjectNode) round.params().orElseThrow().deepCopy();
        params.put("requestState", state);
        if (extraArgument != null) {
            JsonNode arguments = params.path("arguments");
            ObjectNode changed = arguments.isObject() ? (ObjectNode) arguments : params.putObject("arguments");
            changed.put(extraArgument, true);
            params.set("arguments", changed);
        }
        RequestId id = RequestId.of("mcphost-fuzz-replay-" + what.length() + "-" + state.length());
        JsonRpcMessage answer = wire.call(JsonRpcRequest.of(id, round.method(), params), deadline);
        if (!(answer instanceof JsonRpcErrorResponse e && e.error().code() == JsonRpcError.INVALID_PARAMS
                && e.error().message().startsWith("Invalid requestState"))) {
            throw new AssertionError("a " + what + " requestState was not refused with -32602: " + state + " -> " + answer);
        }
    }

    /** One character of the state changed (or its separator dropped), where the input's hash says. */
    static String tampered(String state, int tweak) {
        int at = tweak % state.length();
        char c = state.charAt(at);
        int index = ALPHABET.indexOf(c);
        if (index < 0) {
            return state.substring(0, at) + state.substring(at + 1);
        }
        char other = ALPHABET.charAt((index + 1 + (tweak / state.length()) % 63) % 64);
        return state.substring(0, at) + other + state.substring(at + 1);
    }

    /** A well-formed state with answers the client chose and a made-up tag. */
    static String forged(int tweak) {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String body = "{\"b\":\"x\",\"x\":" + Long.MAX_VALUE + ",\"a\":{\"name\":{\"action\":\"accept\",\"content\":{\"name\":\"m\"}}}}";
        byte[] tag = new byte[32];
        Arrays.fill(tag, (byte) tweak);
        return b64.encodeToString(body.getBytes(StandardCharsets.UTF_8)) + "." + b64.encodeToString(tag);
    }

    /** Whether {@code state} decodes to the same body and tag as a state the server issued. */
    private static boolean issuedEquivalent(String state, List<String> issued) {
        if (issued.contains(state)) {
            return true;
        }
        byte[][] parts = decode(state);
        if (parts == null) {
            return false;
        }
        for (String s : issued) {
            byte[][] other = decode(s);
            if (other != null && Arrays.equals(parts[0], other[0]) && Arrays.equals(parts[1], other[1])) {
                return true;
            }
        }
        return false;
    }

    private static byte[][] decode(String state) {
        int dot = state.indexOf('.');
        if (dot < 0) {
            return null;
        }
        try {
            return new byte[][] {Base64.getUrlDecoder().decode(state.substring(0, dot)),
                    Base64.getUrlDecoder().decode(state.substring(dot + 1))};
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
