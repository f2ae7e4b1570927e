package io.mcphost.cli;

import io.mcphost.protocol.JsonSchemas;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * One property of a form-mode elicitation as the terminal asks for it: how it is shown (title,
 * description, type, choices, default, required mark) and how a typed line becomes its JSON value,
 * or a reason to ask again. The schema is one the client library accepted: a string, number,
 * integer or boolean, a single choice ({@code enum}, {@code oneOf} of {@code const}/{@code title},
 * legacy {@code enumNames}), or a multi-select array of those. Immutable and thread-safe.
 */
final class FormField {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    enum Kind { TEXT, NUMBER, INTEGER, BOOLEAN, CHOICE, CHOICES }

    /** A value the server accepts for a choice, and how it is shown. */
    record Choice(String value, String title) {
    }

    /** What a typed line means for this field. */
    sealed interface Answer {
        /** Send this value. */
        record Value(JsonNode value) implements Answer {
        }

        /** Leave the field out (optional, no default, nothing typed). */
        record Skip() implements Answer {
        }

        /** Ask again, telling why. */
        record Invalid(String reason) implements Answer {
        }
    }

    private final String name;
    private final JsonNode schema;
    private final boolean required;
    private final Kind kind;
    private final List<Choice> choices;
    private final JsonNode checked;

    private FormField(String name, JsonNode schema, boolean required) {
        this.name = name;
        this.schema = schema;
        // enumNames is not JSON Schema (the validator would warn about it on stderr); the choices carry it.
        this.checked = schema.deepCopy();
        if (checked instanceof ObjectNode object) {
            object.remove("enumNames");
        }
        this.required = required;
        String type = schema.path("type").asString("string");
        JsonNode choiceSchema = type.equals("array") ? schema.path("items") : schema;
        this.choices = choices(choiceSchema);
        this.kind = switch (type) {
            case "array" -> Kind.CHOICES;
            case "number" -> Kind.NUMBER;
            case "integer" -> Kind.INTEGER;
            case "boolean" -> Kind.BOOLEAN;
            default -> choices.isEmpty() ? Kind.TEXT : Kind.CHOICE;
        };
    }

    static FormField of(String name, JsonNode schema, boolean required) {
        return new FormField(name, schema, required);
    }

    String name() {
        return name;
    }

    Kind kind() {
        return kind;
    }

    List<Choice> choices() {
        return choices;
    }

    Optional<JsonNode> defaultValue() {
        JsonNode value = schema.path("default");
        return value.isMissingNode() || value.isNull() ? Optional.empty() : Optional.of(value);
    }

    private static List<Choice> choices(JsonNode schema) {
        List<Choice> found = new ArrayList<>();
        JsonNode titled = schema.path("oneOf").isArray() ? schema.path("oneOf") : schema.path("anyOf");
        for (JsonNode option : titled) {
            JsonNode value = option.path("const");
            if (value.isString()) {
                found.add(new Choice(value.stringValue(), option.path("title").asString(value.stringValue())));
            }
        }
        if (found.isEmpty()) {
            JsonNode values = schema.path("enum");
            JsonNode names = schema.path("enumNames"); // the legacy way to title an enum
            for (int i = 0; i < values.size(); i++) {
                String value = values.get(i).asString();
                found.add(new Choice(value, names.size() == values.size() ? names.get(i).asString(value) : value));
            }
        }
        return List.copyOf(found);
    }

    /** The lines shown before the prompt: label, required mark, type and limits, description, choices. */
    List<String> describe() {
        List<String> lines = new ArrayList<>();
        String label = TerminalElicitation.printable(schema.path("title").asString(name));
        String description = TerminalElicitation.printable(schema.path("description").asString(""));
        lines.add("  " + label + (required ? " *" : "") + " (" + hint() + ")" + (description.isBlank() ? "" : ": " + description));
        for (int i = 0; i < choices.size(); i++) {
            Choice choice = choices.get(i);
            String shown = choice.title() + (choice.title().equalsIgnoreCase(choice.value()) ? "" : " [" + choice.value() + "]");
            lines.add("     " + (i + 1) + ") " + TerminalElicitation.printable(shown));
        }
        return lines;
    }

    /** The prompt itself, showing the default that Enter accepts. */
    String prompt() {
        return defaultValue().map(d -> "  [" + TerminalElicitation.printable(show(d)) + "] > ").orElse("  > ");
    }

    private String hint() {
        return switch (kind) {
            case TEXT -> "text" + (schema.path("format").isString() ? ", " + schema.path("format").stringValue() : "")
                    + range("minLength", "maxLength", " characters");
            case NUMBER -> "number" + range("minimum", "maximum", "");
            case INTEGER -> "whole number" + range("minimum", "maximum", "");
            case BOOLEAN -> "yes/no";
            case CHOICE -> "pick one: number or value";
            case CHOICES -> "pick any, comma-separated" + range("minItems", "maxItems", "");
        };
    }

    private String range(String min, String max, String unit) {
        JsonNode low = schema.path(min);
        JsonNode high = schema.path(max);
        if (low.isNumber() && high.isNumber()) {
            return ", " + low.asString() + " to " + high.asString() + unit;
        }
        if (low.isNumber()) {
            return ", at least " + low.asString() + unit;
        }
        return high.isNumber() ? ", at most " + high.asString() + unit : "";
    }

    private String show(JsonNode value) {
        return switch (kind) {
            case BOOLEAN -> value.asBoolean() ? "yes" : "no";
            case CHOICE -> titleOf(value.asString());
            case CHOICES -> {
                List<String> titles = new ArrayList<>();
                value.forEach(v -> titles.add(titleOf(v.asString())));
                yield String.join(", ", titles);
            }
            default -> value.isString() ? value.stringValue() : value.toString();
        };
    }

    private String titleOf(String value) {
        return choices.stream().filter(c -> c.value().equals(value)).map(Choice::title).findFirst().orElse(value);
    }

    /**
     * What {@code line} answers. Empty takes the default, leaves an optional field out, and is
     * refused for a required one; anything else is parsed for the type, then checked against the
     * property's schema (lengths, ranges, pattern, item counts) and a few common formats.
     */
    Answer parse(String line) {
        String text = line.strip();
        if (text.isEmpty()) {
            return defaultValue().<Answer>map(Answer.Value::new)
                    .orElse(required ? new Answer.Invalid("an answer is required") : new Answer.Skip());
        }
        JsonNode value;
        try {
            value = switch (kind) {
                case TEXT -> formatted(text);
                case NUMBER -> number(text);
                case INTEGER -> JSON.numberNode(Long.parseLong(text));
                case BOOLEAN -> yesNo(text);
                case CHOICE -> JSON.stringNode(choose(text));
                case CHOICES -> chooseMany(text);
            };
        } catch (NumberFormatException e) {
            return new Answer.Invalid(kind == Kind.INTEGER ? "'" + text + "' is not a whole number" : "'" + text + "' is not a number");
        } catch (IllegalArgumentException e) {
            return new Answer.Invalid(e.getMessage());
        }
        List<String> violations = JsonSchemas.validate(checked, value);
        if (!violations.isEmpty()) {
            // The validator starts each sentence with the value's path, which for one field is empty.
            return new Answer.Invalid(violations.stream().map(v -> v.replaceFirst("^\\$?:?\\s*", ""))
                    .collect(Collectors.joining("; ")));
        }
        return new Answer.Value(value);
    }

    private static JsonNode number(String text) {
        BigDecimal value = new BigDecimal(text);
        return value.scale() <= 0 && value.abs().compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) < 0
                ? JSON.numberNode(value.longValueExact()) : JSON.numberNode(value.doubleValue());
    }

    private static JsonNode yesNo(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "y", "yes", "true", "1" -> JSON.booleanNode(true);
            case "n", "no", "false", "0" -> JSON.booleanNode(false);
            default -> throw new IllegalArgumentException("answer yes or no, not '" + text + "'");
        };
    }

    private String choose(String text) {
        if (text.matches("\\d+")) {
            int index = Integer.parseInt(text);
            if (index >= 1 && index <= choices.size()) {
                return choices.get(index - 1).value();
            }
        }
        for (Choice choice : choices) {
            if (choice.value().equals(text)) {
                return choice.value();
            }
        }
        for (Choice choice : choices) {
            if (choice.value().equalsIgnoreCase(text) || choice.title().equalsIgnoreCase(text)) {
                return choice.value();
            }
        }
        throw new IllegalArgumentException("'" + text + "' is not one of the choices: give its number (1 to "
                + choices.size() + ") or its value");
    }

    private JsonNode chooseMany(String text) {
        Set<String> picked = new LinkedHashSet<>();
        for (String part : text.split(",")) {
            if (!part.isBlank()) {
                picked.add(choose(part.strip()));
            }
        }
        ArrayNode values = JSON.arrayNode();
        picked.forEach(values::add);
        return values;
    }

    /** The text itself, once it reads as the schema's {@code format} where that is one people type often. */
    private JsonNode formatted(String text) {
        String format = schema.path("format").asString("");
        boolean ok = switch (format) {
            case "email" -> text.matches("[^@\\s]+@[^@\\s]+\\.[^@\\s]+");
            case "date" -> parses(() -> LocalDate.parse(text));
            case "date-time" -> parses(() -> OffsetDateTime.parse(text));
            case "uri" -> parses(() -> {
                if (new URI(text).getScheme() == null) {
                    throw new URISyntaxException(text, "no scheme");
                }
            });
            default -> true; // formats the spec names are the four above; others pass as text
        };
        if (!ok) {
            throw new IllegalArgumentException("'" + text + "' is not a valid " + format
                    + (format.startsWith("date") ? " (e.g. " + (format.equals("date") ? "2025-06-30" : "2025-06-30T14:00:00Z") + ")" : ""));
        }
        return JSON.stringNode(text);
    }

    private interface Check {
        void run() throws URISyntaxException;
    }

    private static boolean parses(Check check) {
        try {
            check.run();
            return true;
        } catch (URISyntaxException | DateTimeParseException e) {
            return false;
        }
    }
}
