package io.mcphost.protocol.modern;

import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.internal.JsonCodec;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One round of a multi round-trip request (revision 2026-07-28) that the application took over: the
 * original request ({@code method} and {@code params}, without the per-request {@code _meta} the
 * client adds on every attempt), the server's opaque {@code requestState}, and the input it asked for.
 *
 * <p>A value: immutable, thread-safe, and serialisable with {@link #toJson()} / {@link #fromJson(String)},
 * so a round can be stored (a database row, a queue message) while a person answers, and finished
 * later by another client — in another process — with
 * {@link io.mcphost.client.McpClient#resumeInput(InputRound, Map)}. The state is the server's, opaque
 * to the client, and carried unchanged. It may contain whatever the server put in it: treat the
 * stored form as you would the request's arguments.
 *
 * @param method        the original request's method ({@code tools/call}, {@code prompts/get}, {@code resources/read})
 * @param params        the original request's params
 * @param requestState  the state to echo on the retry, when the server sent one
 * @param inputRequests what the server asks for, by its keys
 */
public record InputRound(String method, ObjectNode params, Optional<String> requestState,
                         Map<String, InputRequest> inputRequests) {
    private static final JsonCodec CODEC = JsonCodec.get();

    public InputRound {
        Objects.requireNonNull(method, "method");
        params = params == null ? CODEC.newObject() : params.deepCopy();
        requestState = requestState == null ? Optional.empty() : requestState;
        inputRequests = inputRequests == null ? Map.of()
                : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(inputRequests));
    }

    /** The params (a copy: the round stays immutable). */
    @Override
    public ObjectNode params() {
        return params.deepCopy();
    }

    /** The round as one JSON object: {@code {"method", "params", "requestState"?, "inputRequests"}}. */
    public String toJson() {
        ObjectNode out = CODEC.newObject();
        out.put("method", method);
        out.set("params", params.deepCopy());
        requestState.ifPresent(s -> out.put("requestState", s));
        ObjectNode requests = out.putObject("inputRequests");
        inputRequests.forEach((key, request) -> {
            ObjectNode r = requests.putObject(key);
            r.put("method", request.method());
            r.set("params", request.params().deepCopy());
        });
        return CODEC.mapper().writeValueAsString(out);
    }

    /**
     * Reads what {@link #toJson()} wrote.
     *
     * @throws McpProtocolException if {@code json} is not such an object
     */
    public static InputRound fromJson(String json) {
        JsonNode node;
        try {
            node = CODEC.readTree(json);
        } catch (RuntimeException e) {
            throw new McpProtocolException(null, "a stored input round is not JSON: " + e.getMessage(), e);
        }
        if (!node.isObject() || !node.path("method").isString() || !node.path("params").isObject()) {
            throw new McpProtocolException(null, "a stored input round needs 'method' (a string) and 'params' (an object)");
        }
        Map<String, InputRequest> requests = new LinkedHashMap<>();
        JsonNode stored = node.path("inputRequests");
        if (stored.isObject()) {
            for (Map.Entry<String, JsonNode> e : stored.properties()) {
                if (!e.getValue().path("method").isString()) {
                    throw new McpProtocolException(null, "input request '" + e.getKey() + "' of a stored round has no method");
                }
                requests.put(e.getKey(), new InputRequest(e.getValue().path("method").stringValue(), e.getValue().get("params")));
            }
        }
        Optional<String> state = node.path("requestState").isString()
                ? Optional.of(node.path("requestState").stringValue()) : Optional.empty();
        return new InputRound(node.path("method").stringValue(), (ObjectNode) node.get("params"), state, requests);
    }
}
