package io.mcphost.protocol.content;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * One piece of content in a tool result or prompt message. The set is closed (the spec's
 * {@code ContentBlock}), told apart on the wire by {@code "type"}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = TextContent.class, name = "text"),
        @JsonSubTypes.Type(value = ImageContent.class, name = "image"),
        @JsonSubTypes.Type(value = AudioContent.class, name = "audio"),
        @JsonSubTypes.Type(value = ResourceLink.class, name = "resource_link"),
        @JsonSubTypes.Type(value = EmbeddedResource.class, name = "resource")})
public sealed interface ContentBlock permits TextContent, ImageContent, AudioContent, ResourceLink, EmbeddedResource {
}
