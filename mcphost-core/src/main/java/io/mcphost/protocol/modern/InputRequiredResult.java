package io.mcphost.protocol.modern;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * An interim result (revision 2026-07-28, {@code resultType: "input_required"}): the server needs
 * the answers to {@code inputRequests} before it can finish the original request. The client
 * answers each and sends the original request again, with the same method and arguments, plus
 * {@code inputResponses} (keyed like {@code inputRequests}) and the opaque {@code requestState}
 * echoed unchanged. At least one of the two fields is present.
 *
 * @param inputRequests what the server asks for, by server-chosen key (insertion order kept)
 * @param requestState  opaque state to echo on the retry
 * @param meta          {@code _meta}
 */
public record InputRequiredResult(@JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, InputRequest> inputRequests, Optional<String> requestState,
                                  @JsonProperty("_meta") Optional<JsonNode> meta) {
    public InputRequiredResult {
        inputRequests = inputRequests == null ? Map.of()
                : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(inputRequests));
        requestState = requestState == null ? Optional.empty() : requestState;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    /** The wire value of {@code resultType} for this result. */
    @JsonProperty("resultType")
    public String resultType() {
        return ResultType.INPUT_REQUIRED.wire();
    }
}
