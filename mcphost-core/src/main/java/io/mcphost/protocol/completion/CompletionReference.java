package io.mcphost.protocol.completion;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** What a completion is for: a prompt's argument or a resource template's variable. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = PromptReference.class, name = "ref/prompt"),
        @JsonSubTypes.Type(value = ResourceTemplateReference.class, name = "ref/resource")})
public sealed interface CompletionReference permits PromptReference, ResourceTemplateReference {
}
