package io.mcphost.cli;

import io.mcphost.protocol.content.AudioContent;
import io.mcphost.protocol.content.BlobResourceContents;
import io.mcphost.protocol.content.ContentBlock;
import io.mcphost.protocol.content.EmbeddedResource;
import io.mcphost.protocol.content.ImageContent;
import io.mcphost.protocol.content.ResourceContents;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.tools.CallToolResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;

/**
 * {@code -o FILE}: writes the one thing a person wants in a file, decoded: the first image, audio or
 * binary resource of a result (base64 in the protocol, bytes on disk), else its text. Says on stderr
 * what it wrote, since stdout may be the data's own pipe. Stateless.
 */
final class SavedOutput {
    private SavedOutput() {
    }

    /** Saves a tool result; returns the line to print on stderr. */
    static String save(CallToolResult result, Path file) {
        for (ContentBlock block : result.content()) {
            switch (block) {
                case ImageContent i -> {
                    return write(file, Base64.getMimeDecoder().decode(i.data()), i.mimeType());
                }
                case AudioContent a -> {
                    return write(file, Base64.getMimeDecoder().decode(a.data()), a.mimeType());
                }
                case EmbeddedResource e when e.resource() instanceof BlobResourceContents -> {
                    return save(List.of(e.resource()), file);
                }
                default -> {
                }
            }
        }
        return write(file, result.text().getBytes(StandardCharsets.UTF_8), "text");
    }

    /** Saves the first contents of a resource read; returns the line to print on stderr. */
    static String save(List<ResourceContents> contents, Path file) {
        if (contents.isEmpty()) {
            return write(file, new byte[0], "nothing");
        }
        return switch (contents.getFirst()) {
            case BlobResourceContents b -> write(file, Base64.getMimeDecoder().decode(b.blob()), b.mimeType().orElse("binary"));
            case TextResourceContents t -> write(file, t.text().getBytes(StandardCharsets.UTF_8), t.mimeType().orElse("text"));
        };
    }

    private static String write(Path file, byte[] bytes, String what) {
        try {
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        return "saved " + bytes.length + " bytes (" + what + ") to " + file;
    }
}
