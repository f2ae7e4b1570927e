package io.mcphost.protocol.sampling;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonValue;
import io.mcphost.protocol.content.AudioContent;
import io.mcphost.protocol.content.ImageContent;
import io.mcphost.protocol.content.TextContent;
import java.util.Objects;

/**
 * One block of a sampling message (the spec's {@code SamplingMessageContentBlock}): text, image or audio as
 * in tool results, plus the 2025-11-25 tool-use blocks. The set is closed and told apart by {@code "type"}.
 *
 * <p>Text, image and audio reuse the {@code content} package's records; they cannot join this sealed type
 * directly (they already belong to {@link io.mcphost.protocol.content.ContentBlock}, which must not depend on
 * sampling), so they travel in the small wrappers {@link Text}, {@link Image} and {@link Audio}, which write
 * exactly the wrapped block's JSON. Deconstruct them in a switch:
 * <pre>{@code
 * switch (block) {
 *     case SamplingContent.Text(TextContent text) -> ...
 *     case SamplingContent.Image(ImageContent image) -> ...
 *     case SamplingContent.Audio(AudioContent audio) -> ...
 *     case ToolUseContent use -> ...
 *     case ToolResultContent result -> ...
 * }
 * }</pre>
 * Implementations are immutable and thread-safe.
 */
// visible = true: the wrapped TextContent/ImageContent/AudioContent read "type" themselves.
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "type", visible = true)
@JsonSubTypes({
        @JsonSubTypes.Type(value = SamplingContent.Text.class, name = "text"),
        @JsonSubTypes.Type(value = SamplingContent.Image.class, name = "image"),
        @JsonSubTypes.Type(value = SamplingContent.Audio.class, name = "audio"),
        @JsonSubTypes.Type(value = ToolUseContent.class, name = "tool_use"),
        @JsonSubTypes.Type(value = ToolResultContent.class, name = "tool_result")})
public sealed interface SamplingContent
        permits SamplingContent.Text, SamplingContent.Image, SamplingContent.Audio, ToolUseContent, ToolResultContent {

    /** A text block. */
    static Text text(String text) {
        return new Text(TextContent.of(text));
    }

    /** A base64 image block. */
    static Image image(String base64Data, String mimeType) {
        return new Image(ImageContent.of(base64Data, mimeType));
    }

    /** A base64 audio block. */
    static Audio audio(String base64Data, String mimeType) {
        return new Audio(AudioContent.of(base64Data, mimeType));
    }

    /** Text in a sampling message; written exactly as the wrapped {@link TextContent}. */
    record Text(@JsonValue TextContent content) implements SamplingContent {
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        public Text {
            Objects.requireNonNull(content, "content");
        }
    }

    /** An image in a sampling message; written exactly as the wrapped {@link ImageContent}. */
    record Image(@JsonValue ImageContent content) implements SamplingContent {
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        public Image {
            Objects.requireNonNull(content, "content");
        }
    }

    /** Audio in a sampling message; written exactly as the wrapped {@link AudioContent}. */
    record Audio(@JsonValue AudioContent content) implements SamplingContent {
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        public Audio {
            Objects.requireNonNull(content, "content");
        }
    }
}
