package io.mcphost.protocol.sampling;

import io.mcphost.protocol.internal.Settings;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.mcphost.protocol.tasks.TaskMetadata;
import io.mcphost.protocol.tools.Tool;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The params of {@code sampling/createMessage}: a server asks the client's model for a message. Immutable
 * and thread-safe; build one with {@link #of} or {@link #builder}.
 *
 * @param messages         the conversation so far, always written
 * @param modelPreferences the server's model preferences
 * @param systemPrompt     a system prompt the client may use or change
 * @param includeContext   which MCP context to add (soft-deprecated in 2025-11-25)
 * @param temperature      sampling temperature
 * @param maxTokens        the most tokens to generate
 * @param stopSequences    sequences that end generation
 * @param metadata         provider-specific parameters, passed through
 * @param tools            tools the model may call (2025-11-25; needs the client's {@code sampling.tools} capability)
 * @param toolChoice       how the model may use {@code tools} (2025-11-25)
 * @param task             task metadata, when the server asks for the sampling to run as a task (2025-11-25)
 * @param meta             {@code _meta}
 */
public record CreateMessageRequestParams(List<SamplingMessage> messages, Optional<ModelPreferences> modelPreferences,
                                         Optional<String> systemPrompt, Optional<IncludeContext> includeContext,
                                         Optional<Double> temperature, int maxTokens,
                                         @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> stopSequences,
                                         Optional<JsonNode> metadata,
                                         @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Tool> tools,
                                         Optional<ToolChoice> toolChoice, Optional<TaskMetadata> task,
                                         @JsonProperty("_meta") Optional<JsonNode> meta) {
    public CreateMessageRequestParams {
        messages = messages == null ? List.of() : List.copyOf(messages);
        modelPreferences = modelPreferences == null ? Optional.empty() : modelPreferences;
        systemPrompt = systemPrompt == null ? Optional.empty() : systemPrompt;
        includeContext = includeContext == null ? Optional.empty() : includeContext;
        temperature = temperature == null ? Optional.empty() : temperature;
        stopSequences = stopSequences == null ? List.of() : List.copyOf(stopSequences);
        metadata = metadata == null ? Optional.empty() : metadata.filter(node -> !node.isNull());
        tools = tools == null ? List.of() : List.copyOf(tools);
        toolChoice = toolChoice == null ? Optional.empty() : toolChoice;
        task = task == null ? Optional.empty() : task;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    /** A request for at most {@code maxTokens} tokens continuing {@code messages}, everything else absent. */
    public static CreateMessageRequestParams of(List<SamplingMessage> messages, int maxTokens) {
        return builder(maxTokens).messages(messages).build();
    }

    /**
     * A builder for a request of at most {@code maxTokens} tokens.
     *
     * @throws IllegalArgumentException if {@code maxTokens <= 0}
     */
    public static Builder builder(int maxTokens) {
        return new Builder(maxTokens);
    }

    /** A builder holding this request's values. */
    public Builder toBuilder() {
        Builder b = new Builder(maxTokens);
        b.messages.addAll(messages);
        b.modelPreferences = modelPreferences;
        b.systemPrompt = systemPrompt;
        b.includeContext = includeContext;
        b.temperature = temperature;
        b.stopSequences.addAll(stopSequences);
        b.metadata = metadata;
        b.tools.addAll(tools);
        b.toolChoice = toolChoice;
        b.task = task;
        b.meta = meta;
        return b;
    }

    /** Builds {@link CreateMessageRequestParams}. Not thread-safe; the built params are immutable. */
    public static final class Builder {
        private final List<SamplingMessage> messages = new ArrayList<>();
        private final List<String> stopSequences = new ArrayList<>();
        private final List<Tool> tools = new ArrayList<>();
        private int maxTokens;
        private Optional<ModelPreferences> modelPreferences = Optional.empty();
        private Optional<String> systemPrompt = Optional.empty();
        private Optional<IncludeContext> includeContext = Optional.empty();
        private Optional<Double> temperature = Optional.empty();
        private Optional<JsonNode> metadata = Optional.empty();
        private Optional<ToolChoice> toolChoice = Optional.empty();
        private Optional<TaskMetadata> task = Optional.empty();
        private Optional<JsonNode> meta = Optional.empty();

        private Builder(int maxTokens) {
            maxTokens(maxTokens);
        }

        /** @throws IllegalArgumentException if {@code maxTokens <= 0} */
        public Builder maxTokens(int maxTokens) {
            this.maxTokens = Settings.positive(maxTokens, "maxTokens");
            return this;
        }

        /** Appends one message. */
        public Builder message(SamplingMessage message) {
            messages.add(Objects.requireNonNull(message, "message"));
            return this;
        }

        /** Appends messages. */
        public Builder messages(List<SamplingMessage> more) {
            more.forEach(this::message);
            return this;
        }

        public Builder modelPreferences(ModelPreferences preferences) {
            modelPreferences = Optional.of(preferences);
            return this;
        }

        public Builder systemPrompt(String prompt) {
            systemPrompt = Optional.of(prompt);
            return this;
        }

        public Builder includeContext(IncludeContext context) {
            includeContext = Optional.of(context);
            return this;
        }

        public Builder temperature(double value) {
            temperature = Optional.of(value);
            return this;
        }

        public Builder stopSequences(List<String> sequences) {
            stopSequences.addAll(sequences);
            return this;
        }

        public Builder metadata(JsonNode value) {
            metadata = Optional.of(value);
            return this;
        }

        /** Appends tools the model may call. */
        public Builder tools(List<Tool> more) {
            tools.addAll(more);
            return this;
        }

        public Builder toolChoice(ToolChoice choice) {
            toolChoice = Optional.of(choice);
            return this;
        }

        public Builder task(TaskMetadata value) {
            task = Optional.of(value);
            return this;
        }

        public Builder meta(JsonNode value) {
            meta = Optional.of(value);
            return this;
        }

        public CreateMessageRequestParams build() {
            return new CreateMessageRequestParams(messages, modelPreferences, systemPrompt, includeContext, temperature,
                    maxTokens, stopSequences, metadata, tools, toolChoice, task, meta);
        }
    }
}
