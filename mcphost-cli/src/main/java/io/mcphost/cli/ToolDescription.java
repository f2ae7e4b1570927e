package io.mcphost.cli;

import io.mcphost.protocol.Json;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.ToolAnnotations;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/**
 * A tool explained for a person: a one-line signature, or its parameters as a table, its output schema,
 * its annotations and an example call to copy. Reads the input schema's top-level {@code properties};
 * anything deeper is shown as its JSON type only, since a table cannot hold a nested schema.
 */
final class ToolDescription {
    private final PrintWriter out;
    private final int columns;

    ToolDescription(PrintWriter out, int columns) {
        this.out = out;
        this.columns = columns;
    }

    /** {@code add a:number b:number [note:string]}: optional parameters in brackets. */
    static String signature(String name, Tool tool) {
        Set<String> required = required(tool.inputSchema());
        StringBuilder line = new StringBuilder(name);
        for (Map.Entry<String, JsonNode> p : tool.inputSchema().path("properties").properties()) {
            String word = p.getKey() + ":" + type(p.getValue());
            line.append(' ').append(required.contains(p.getKey()) ? word : "[" + word + "]");
        }
        return line.toString();
    }

    /** The full description; {@code command} is the start of a command line reaching the same server. */
    void print(String name, Tool tool, String command) {
        out.println(name + tool.title().map(t -> " (" + t + ")").orElse(""));
        tool.description().ifPresent(d -> d.strip().lines().forEach(line -> wrap(line, columns - 2).forEach(w -> out.println("  " + w))));
        out.println();
        Set<String> required = required(tool.inputSchema());
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"PARAMETER", "TYPE", "REQUIRED", "DEFAULT", "CHOICES", "DESCRIPTION"});
        for (Map.Entry<String, JsonNode> p : tool.inputSchema().path("properties").properties()) {
            JsonNode schema = p.getValue();
            rows.add(new String[] {p.getKey(), type(schema), required.contains(p.getKey()) ? "yes" : "no",
                schema.has("default") ? Json.write(schema.get("default")) : "-", choices(schema),
                schema.path("description").asString("")});
        }
        if (rows.size() == 1) {
            out.println("No parameters.");
        } else {
            new Printer(out, false, columns).grid(rows);
        }
        tool.outputSchema().ifPresent(schema -> {
            out.println();
            out.println("Output schema:");
            out.println(Json.prettyPrint(schema));
        });
        tool.annotations().map(ToolDescription::annotations).filter(a -> !a.isEmpty()).ifPresent(a -> {
            out.println();
            out.println("Annotations: " + a);
        });
        out.println();
        out.println("Example:");
        out.println("  " + command + " call " + ShellWords.quote(name) + example(tool.inputSchema(), required));
        out.flush();
    }

    private static Set<String> required(JsonNode inputSchema) {
        Set<String> names = new HashSet<>();
        inputSchema.path("required").values().forEach(n -> names.add(n.asString()));
        return names;
    }

    static String type(JsonNode schema) {
        JsonNode type = schema.path("type");
        if (type.isArray()) {
            return type.values().stream().map(JsonNode::asString).collect(Collectors.joining("|"));
        }
        if (type.isString()) {
            return type.asString() + (type.asString().equals("array") && schema.has("items") ? "<" + type(schema.get("items")) + ">" : "");
        }
        return schema.has("enum") ? "enum" : "any";
    }

    private static String choices(JsonNode schema) {
        JsonNode values = schema.has("enum") ? schema.get("enum") : schema.path("items").path("enum");
        if (!values.isArray() || values.isEmpty()) {
            return "-";
        }
        return values.values().stream().map(JsonNode::asString).collect(Collectors.joining(", "));
    }

    private static String annotations(ToolAnnotations a) {
        List<String> hints = new ArrayList<>();
        a.readOnlyHint().filter(Boolean::booleanValue).ifPresent(b -> hints.add("read-only"));
        a.destructiveHint().ifPresent(b -> hints.add(b ? "destructive" : "not destructive"));
        a.idempotentHint().filter(Boolean::booleanValue).ifPresent(b -> hints.add("idempotent"));
        a.openWorldHint().ifPresent(b -> hints.add(b ? "open world" : "closed world"));
        return String.join(", ", hints);
    }

    /** key=value words for the required parameters, with a plausible value of each one's type. */
    private static String example(JsonNode inputSchema, Set<String> required) {
        StringBuilder words = new StringBuilder();
        for (Map.Entry<String, JsonNode> p : inputSchema.path("properties").properties()) {
            if (!required.contains(p.getKey())) {
                continue;
            }
            JsonNode schema = p.getValue();
            String value;
            if (schema.has("enum") && !schema.get("enum").isEmpty()) {
                value = schema.get("enum").get(0).isString() ? schema.get("enum").get(0).asString() : Json.write(schema.get("enum").get(0));
            } else if (schema.has("default")) {
                value = schema.get("default").isString() ? schema.get("default").asString() : Json.write(schema.get("default"));
            } else {
                value = switch (type(schema)) {
                    case "number", "integer" -> "1";
                    case "boolean" -> "true";
                    case "object" -> "{}";
                    default -> type(schema).startsWith("array") ? "[]" : "text";
                };
            }
            words.append(' ').append(ShellWords.quote(p.getKey() + "=" + value));
        }
        return words.toString();
    }

    /** A line cut at spaces into pieces of at most {@code width} characters (a longer word stays whole). */
    static List<String> wrap(String line, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String word : line.strip().split(" +")) {
            if (current.length() > 0 && current.length() + 1 + word.length() > width) {
                lines.add(current.toString());
                current.setLength(0);
            }
            current.append(current.length() > 0 ? " " : "").append(word);
        }
        lines.add(current.toString());
        return lines;
    }
}
