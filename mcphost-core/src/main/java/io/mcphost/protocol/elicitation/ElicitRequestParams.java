package io.mcphost.protocol.elicitation;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.mcphost.protocol.tasks.TaskMetadata;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The params of {@code elicitation/create}: a form to fill in, or (2025-11-25) a URL to visit. Told apart by
 * {@code "mode"}; a request without one is a form, as every revision before 2025-11-25 sends it. A form
 * is written with {@code "mode":"form"}. Implementations are immutable and thread-safe.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "mode",
        defaultImpl = ElicitRequestFormParams.class)
@JsonSubTypes({
        @JsonSubTypes.Type(value = ElicitRequestFormParams.class, name = "form"),
        @JsonSubTypes.Type(value = ElicitRequestURLParams.class, name = "url")})
public sealed interface ElicitRequestParams permits ElicitRequestFormParams, ElicitRequestURLParams {

    /** What the user is asked, in words. */
    String message();

    /** Task metadata when the server asks the client to run the elicitation as a task. */
    Optional<TaskMetadata> task();

    /** {@code _meta}. */
    Optional<JsonNode> meta();
}
