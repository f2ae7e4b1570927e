package io.mcphost.protocol.tasks;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The immediate answer to a task-augmented request: the task created; the real result comes later from
 * {@code tasks/result}. Immutable and thread-safe.
 *
 * @param task the task
 * @param meta {@code _meta}, for example {@value #MODEL_IMMEDIATE_RESPONSE_KEY}
 */
public record CreateTaskResult(Task task, @JsonProperty("_meta") Optional<JsonNode> meta) {
    /** {@code _meta} key of a string a host may hand the model as an interim tool result. */
    public static final String MODEL_IMMEDIATE_RESPONSE_KEY = "io.modelcontextprotocol/model-immediate-response";

    public CreateTaskResult {
        Objects.requireNonNull(task, "task");
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    public static CreateTaskResult of(Task task) {
        return new CreateTaskResult(task, Optional.empty());
    }

    /** The interim text the server suggests giving the model while the task runs, if any. */
    public Optional<String> modelImmediateResponse() {
        return meta.map(m -> m.path(MODEL_IMMEDIATE_RESPONSE_KEY)).filter(JsonNode::isString).map(JsonNode::stringValue);
    }
}
