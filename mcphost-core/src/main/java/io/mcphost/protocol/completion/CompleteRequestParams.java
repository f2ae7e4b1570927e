package io.mcphost.protocol.completion;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The params of {@code completion/complete}: which argument to complete, its partial value, and
 * the values of arguments already chosen.
 */
public record CompleteRequestParams(CompletionReference ref, Argument argument, Optional<Context> context,
                                    @JsonProperty("_meta") Optional<JsonNode> meta) {
    public CompleteRequestParams {
        Objects.requireNonNull(ref, "ref");
        Objects.requireNonNull(argument, "argument");
        context = context == null ? Optional.empty() : context;
        meta = meta == null ? Optional.empty() : meta.filter(node -> !node.isNull());
    }

    /** The argument being completed and what the user typed so far. */
    public record Argument(String name, String value) {
        public Argument {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
        }
    }

    /** Arguments already resolved (2025-06-18+). */
    public record Context(Map<String, String> arguments) {
        public Context {
            arguments = arguments == null ? Map.of() : Map.copyOf(arguments);
        }
    }

    public static CompleteRequestParams forPrompt(String prompt, String argument, String value) {
        return new CompleteRequestParams(PromptReference.of(prompt), new Argument(argument, value), null, null);
    }

    public static CompleteRequestParams forResourceTemplate(String uriTemplate, String variable, String value) {
        return new CompleteRequestParams(new ResourceTemplateReference(uriTemplate), new Argument(variable, value), null, null);
    }

    /** The same request with context arguments. */
    public CompleteRequestParams withContext(Map<String, String> arguments) {
        return new CompleteRequestParams(ref, argument, Optional.of(new Context(arguments)), meta);
    }
}
