package io.mcphost.protocol.elicitation;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mcphost.protocol.tasks.TaskMetadata;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * {@code elicitation/create} in URL mode (2025-11-25): the user is sent to a URL for an interaction that
 * must not pass through the client, such as entering a secret. A host never opens it without the user's
 * consent. Immutable and thread-safe.
 *
 * @param message       why the user should visit the URL
 * @param elicitationId the id {@code notifications/elicitation/complete} names later; required by 2025-11-25,
 *                      dropped by 2026-07-28, so optional here
 * @param url           the URL to open
 * @param task          task metadata, when the elicitation should run as a task
 * @param meta          {@code _meta}
 */
public record ElicitRequestURLParams(String message, Optional<String> elicitationId, String url,
                                     Optional<TaskMetadata> task, @JsonProperty("_meta") Optional<JsonNode> meta)
        implements ElicitRequestParams {
    public ElicitRequestURLParams {
        Objects.requireNonNull(message, "message");
        elicitationId = elicitationId == null ? Optional.empty() : elicitationId;
        Objects.requireNonNull(url, "url");
        task = task == null ? Optional.empty() : task;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    /** A URL elicitation as 2025-11-25 sends it, with an id for the completion notification. */
    public static ElicitRequestURLParams of(String message, String elicitationId, String url) {
        return new ElicitRequestURLParams(message, Optional.of(elicitationId), url, Optional.empty(), Optional.empty());
    }
}
