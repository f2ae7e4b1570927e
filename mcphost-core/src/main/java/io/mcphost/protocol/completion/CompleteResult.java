package io.mcphost.protocol.completion;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** The result of {@code completion/complete}. * @param resultType {@code "complete"} from a 2026-07-28 server (absent before it)
 */
public record CompleteResult(Completion completion, @JsonProperty("_meta") Optional<JsonNode> meta, Optional<String> resultType) {
    public CompleteResult {
        Objects.requireNonNull(completion, "completion");
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
        resultType = resultType == null ? Optional.empty() : resultType;
    }

    /** Without the fields revision 2026-07-28 adds ({@code resultType}). */
    public CompleteResult(Completion completion, Optional<JsonNode> meta) {
        this(completion, meta, Optional.empty());
    }

    /**
     * Suggested values (at most 100).
     *
     * @param values  the suggestions
     * @param total   how many exist in all, when known
     * @param hasMore whether more exist than were sent
     */
    public record Completion(List<String> values, Optional<Integer> total, Optional<Boolean> hasMore) {
        public Completion {
            values = values == null ? List.of() : List.copyOf(values);
            total = total == null ? Optional.empty() : total;
            hasMore = hasMore == null ? Optional.empty() : hasMore;
        }
    }

    public static CompleteResult of(List<String> values) {
        return new CompleteResult(new Completion(values, Optional.of(values.size()), Optional.of(false)), Optional.empty());
    }
}
