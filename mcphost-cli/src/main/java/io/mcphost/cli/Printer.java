package io.mcphost.cli;

import io.mcphost.client.Progress;
import io.mcphost.protocol.content.AudioContent;
import io.mcphost.protocol.content.BlobResourceContents;
import io.mcphost.protocol.content.ContentBlock;
import io.mcphost.protocol.content.EmbeddedResource;
import io.mcphost.protocol.content.ImageContent;
import io.mcphost.protocol.content.ResourceContents;
import io.mcphost.protocol.content.ResourceLink;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.internal.JsonCodec;
import java.io.PrintWriter;
import java.util.List;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/** Human and JSON output of the CLI: aligned tables, content blocks, a progress bar on stderr. */
final class Printer {
    private static final int WIDTH = 100;

    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean json;

    Printer(PrintWriter out, PrintWriter err, boolean json) {
        this.out = out;
        this.err = err;
        this.json = json;
    }

    boolean isJson() {
        return json;
    }

    PrintWriter out() {
        return out;
    }

    void json(Object value) {
        JsonNode tree = value instanceof JsonNode node ? node : JsonCodec.get().valueToTree(value);
        out.println(JsonCodec.get().mapper().writerWithDefaultPrettyPrinter().writeValueAsString(tree));
        out.flush();
    }

    /** Rows of two columns, the first padded to the widest, the second cut to the line width. */
    void table(List<String[]> rows) {
        int first = rows.stream().mapToInt(r -> r[0].length()).max().orElse(0);
        for (String[] row : rows) {
            String second = row[1].replaceAll("\\s+", " ").strip();
            int room = Math.max(20, WIDTH - first - 2);
            if (second.length() > room) {
                second = second.substring(0, room - 1) + "…";
            }
            out.println(String.format("%-" + Math.max(1, first) + "s  %s", row[0], second).stripTrailing());
        }
        out.flush();
    }

    void content(List<ContentBlock> blocks) {
        for (ContentBlock block : blocks) {
            out.println(switch (block) {
                case TextContent t -> t.text();
                case ImageContent i -> "[image " + i.mimeType() + ", " + i.sizeBytes() + " bytes]";
                case AudioContent a -> "[audio " + a.mimeType() + ", " + a.sizeBytes() + " bytes]";
                case ResourceLink l -> "[link] " + l.uri() + " (" + l.name() + ")";
                case EmbeddedResource e -> "[resource] " + describe(e.resource());
            });
        }
        out.flush();
    }

    void resourceContents(List<ResourceContents> contents) {
        for (ResourceContents c : contents) {
            switch (c) {
                case TextResourceContents t -> out.println(t.text());
                case BlobResourceContents b -> out.println("[binary " + b.mimeType().orElse("data") + ", "
                        + (b.blob().length() * 3 / 4) + " bytes] " + b.uri());
            }
        }
        out.flush();
    }

    private static String describe(ResourceContents contents) {
        return switch (contents) {
            case TextResourceContents t -> t.uri() + " (" + t.text().length() + " chars of text)";
            case BlobResourceContents b -> b.uri() + " (" + b.mimeType().orElse("binary") + ")";
        };
    }

    void prettyJson(String heading, JsonNode node) {
        out.println(heading);
        out.println(JsonCodec.get().mapper().writerWithDefaultPrettyPrinter().writeValueAsString(node));
        out.flush();
    }

    /** A progress callback drawing a bar on stderr (a line per update when stderr is not a terminal). */
    Consumer<Progress> progressBar(boolean terminal) {
        return p -> {
            String message = p.message().map(m -> " " + m).orElse("");
            if (p.fraction().isPresent()) {
                int filled = (int) Math.round(p.fraction().getAsDouble() * 30);
                String bar = "#".repeat(filled) + ".".repeat(30 - filled);
                String line = String.format("[%s] %3d%%%s", bar, Math.round(p.fraction().getAsDouble() * 100), message);
                err.print(terminal ? "\r" + line + (filled == 30 ? "\n" : "") : line + "\n");
            } else {
                err.print((terminal ? "\r" : "") + "progress " + p.progress() + message + (terminal ? "" : "\n"));
            }
            err.flush();
        };
    }
}
