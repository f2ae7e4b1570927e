package io.mcphost.protocol.modern;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.mcphost.protocol.McpMethod;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * One request a server embeds in an {@code input_required} result (revision 2026-07-28): what the
 * legacy revisions sent as a server-to-client request. Its {@code method} is one of
 * {@code sampling/createMessage}, {@code elicitation/create} or {@code roots/list}; {@code params}
 * is kept as JSON and decoded by whoever answers it.
 *
 * @param method the request's method
 * @param params the request's params (an object; empty object when absent)
 */
public record InputRequest(String method, JsonNode params) {
    /** The methods an input request may carry. */
    public static final Set<String> METHODS = Set.of(
            McpMethod.SAMPLING_CREATE_MESSAGE, McpMethod.ELICITATION_CREATE, McpMethod.ROOTS_LIST);

    public InputRequest {
        Objects.requireNonNull(method, "method");
        params = params == null || params.isNull() ? io.mcphost.protocol.internal.JsonCodec.get().newObject() : params;
    }

    /** Whether this library knows how to answer the method. */
    @JsonIgnore
    public boolean isKnownMethod() {
        return METHODS.contains(method);
    }

    /** {@code params} if it is an object. */
    @JsonIgnore
    public Optional<JsonNode> paramsObject() {
        return params.isObject() ? Optional.of(params) : Optional.empty();
    }
}
