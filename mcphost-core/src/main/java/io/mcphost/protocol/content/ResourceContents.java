package io.mcphost.protocol.content;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.Optional;

/**
 * The contents of one resource: text or binary. The wire has no type tag; the two are told
 * apart by which of {@code text} and {@code blob} is present.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.DEDUCTION)
@JsonSubTypes({@JsonSubTypes.Type(TextResourceContents.class), @JsonSubTypes.Type(BlobResourceContents.class)})
public sealed interface ResourceContents permits TextResourceContents, BlobResourceContents {
    String uri();

    Optional<String> mimeType();
}
