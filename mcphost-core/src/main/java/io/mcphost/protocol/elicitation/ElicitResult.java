package io.mcphost.protocol.elicitation;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The answer to {@code elicitation/create}. Immutable and thread-safe.
 *
 * @param action  how the user answered
 * @param content the submitted form data (property name to string, number, boolean or string array); only
 *                with {@link ElicitAction#ACCEPT} in form mode. Must be a JSON object when present.
 * @param meta    {@code _meta}
 */
public record ElicitResult(ElicitAction action, Optional<JsonNode> content, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public ElicitResult {
        Objects.requireNonNull(action, "action");
        content = content == null ? Optional.empty() : content.filter(node -> !node.isNull());
        content.ifPresent(node -> {
            if (!node.isObject()) {
                throw new IllegalArgumentException("elicitation content must be a JSON object, got " + node.getNodeType());
            }
        });
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    /** The user submitted a form with {@code content}. */
    public static ElicitResult accept(JsonNode content) {
        return new ElicitResult(ElicitAction.ACCEPT, Optional.of(content), Optional.empty());
    }

    /** The user agreed to a URL-mode elicitation (there is no content to return). */
    public static ElicitResult accept() {
        return new ElicitResult(ElicitAction.ACCEPT, Optional.empty(), Optional.empty());
    }

    /** The user explicitly said no. */
    public static ElicitResult decline() {
        return new ElicitResult(ElicitAction.DECLINE, Optional.empty(), Optional.empty());
    }

    /** The user dismissed the request without choosing (or the host had no way to ask). */
    public static ElicitResult cancel() {
        return new ElicitResult(ElicitAction.CANCEL, Optional.empty(), Optional.empty());
    }
}
