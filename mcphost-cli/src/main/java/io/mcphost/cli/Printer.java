package io.mcphost.cli;

import io.mcphost.protocol.content.AudioContent;
import io.mcphost.protocol.content.BlobResourceContents;
import io.mcphost.protocol.content.ContentBlock;
import io.mcphost.protocol.content.EmbeddedResource;
import io.mcphost.protocol.content.ImageContent;
import io.mcphost.protocol.content.ResourceContents;
import io.mcphost.protocol.content.ResourceLink;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.Json;
import java.io.PrintWriter;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Human and JSON output of the CLI: aligned tables cut to the line width, content blocks, pretty
 * JSON. Not thread-safe: used by the command's own thread only (progress has {@link ProgressBar}).
 */
final class Printer {
    // A description column narrower than this is useless; the name column then pushes it right.
    private static final int MIN_DESCRIPTION = 20;
    // Names (URIs) longer than this do not widen the whole table; they overflow their own row only.
    private static final int MAX_NAME_COLUMN = 40;

    private final PrintWriter out;
    private final boolean json;
    private final int columns;

    Printer(PrintWriter out, boolean json, int columns) {
        this.out = out;
        this.json = json;
        this.columns = columns;
    }

    boolean isJson() {
        return json;
    }

    PrintWriter out() {
        return out;
    }

    void json(Object value) {
        out.println(Json.prettyPrint(value));
        out.flush();
    }

    /**
     * Rows of two columns, the first padded to the widest, the second cut to the line width. A name
     * longer than the column (a long URI) gets a line of its own and its description goes under the
     * column, so the descriptions of every row stay aligned.
     */
    void table(List<String[]> rows) {
        int first = Math.min(MAX_NAME_COLUMN, rows.stream().mapToInt(r -> r[0].length()).max().orElse(0));
        int room = Math.max(MIN_DESCRIPTION, columns - first - 2);
        for (String[] row : rows) {
            String name = row[0];
            String description = row[1].replaceAll("\\s+", " ").strip();
            if (description.length() > room) {
                description = description.substring(0, room - 1) + "…";
            }
            if (name.length() > first && !description.isEmpty()) {
                out.println(name);
                name = "";
            }
            out.println((name + " ".repeat(Math.max(0, first - name.length())) + "  " + description).stripTrailing());
        }
        out.flush();
    }

    /** Rows of any number of columns: each padded to its widest but the last, which is cut to the line width. */
    void grid(List<String[]> rows) {
        int count = rows.stream().mapToInt(r -> r.length).max().orElse(0);
        int[] widths = new int[count];
        rows.forEach(r -> {
            for (int i = 0; i < r.length - 1; i++) {
                widths[i] = Math.max(widths[i], Math.min(MAX_NAME_COLUMN, r[i].length()));
            }
        });
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length - 1; i++) {
                line.append(row[i]).append(" ".repeat(Math.max(0, widths[i] - row[i].length()))).append("  ");
            }
            String last = row[row.length - 1].replaceAll("\\s+", " ").strip();
            int room = Math.max(MIN_DESCRIPTION, columns - line.length());
            line.append(last.length() > room ? last.substring(0, room - 1) + "…" : last);
            out.println(line.toString().stripTrailing());
        }
        out.flush();
    }

    void content(List<ContentBlock> blocks) {
        for (ContentBlock block : blocks) {
            out.println(switch (block) {
                case TextContent t -> t.text();
                case ImageContent i -> "[" + i.mimeType() + ", " + i.sizeBytes() + " bytes]";
                case AudioContent a -> "[" + a.mimeType() + ", " + a.sizeBytes() + " bytes]";
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
                case BlobResourceContents b -> out.println("[" + b.mimeType().orElse("binary") + ", "
                        + base64Bytes(b.blob()) + " bytes] " + b.uri());
            }
        }
        out.flush();
    }

    private static String describe(ResourceContents contents) {
        return switch (contents) {
            case TextResourceContents t -> t.uri() + " (" + t.text().length() + " chars of text)";
            case BlobResourceContents b -> b.uri() + " (" + b.mimeType().orElse("binary") + ", "
                    + base64Bytes(b.blob()) + " bytes)";
        };
    }

    /** The decoded size of base64 text, without decoding it. */
    static long base64Bytes(String base64) {
        int padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
        return Math.max(0, (long) base64.length() * 3 / 4 - padding);
    }

    void prettyJson(String heading, JsonNode node) {
        out.println(heading);
        out.println(Json.prettyPrint(node));
        out.flush();
    }
}
