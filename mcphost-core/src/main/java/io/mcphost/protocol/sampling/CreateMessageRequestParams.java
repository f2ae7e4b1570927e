package io.mcphost.protocol.sampling;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.mcphost.protocol.tools.Tool;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** The params of {@code sampling/createMessage}. */
public record CreateMessageRequestParams(List<SamplingMessage> messages, Optional<ModelPreferences> modelPreferences, Optional<String> systemPrompt, Optional<String> includeContext, Optional<Double> temperature, int maxTokens, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> stopSequences, Optional<JsonNode> metadata, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Tool> tools, Optional<JsonNode> toolChoice, Optional<JsonNode> task, @JsonProperty("_meta") Optional<JsonNode> meta) {
    public CreateMessageRequestParams {
        messages = messages == null ? List.of() : List.copyOf(messages);
        modelPreferences = modelPreferences == null ? Optional.empty() : modelPreferences;
        systemPrompt = systemPrompt == null ? Optional.empty() : systemPrompt;
        includeContext = includeContext == null ? Optional.empty() : includeContext;
        temperature = temperature == null ? Optional.empty() : temperature;
        stopSequences = stopSequences == null ? List.of() : List.copyOf(stopSequences);
        metadata = metadata == null ? Optional.empty() : metadata.filter(node -> !node.isNull());
        tools = tools == null ? List.of() : List.copyOf(tools);
        toolChoice = toolChoice == null ? Optional.empty() : toolChoice.filter(node -> !node.isNull());
        task = task == null ? Optional.empty() : task.filter(node -> !node.isNull());
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }
}
