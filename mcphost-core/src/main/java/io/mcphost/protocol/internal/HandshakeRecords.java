package io.mcphost.protocol.internal;

import io.mcphost.protocol.lifecycle.Icon;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.lifecycle.ServerCapabilities;
import io.mcphost.protocol.logging.LoggingLevel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The records of the handshake, built straight from their trees and back: an {@link Implementation}
 * (client or server info, with its icons), {@link ServerCapabilities} and a {@link LoggingLevel}.
 * Only plain shapes are handled (every field of the type it has, no null, no unknown field); for
 * anything else the "from tree" methods return null and Jackson converts it as always, so the
 * records and their errors are the same either way ({@code HandshakeRecordsTest} compares both).
 *
 * <p>Why: these are the only records a connection needs before its first call. Built here, a cold
 * JVM finishes the handshake without waiting for Jackson's mapper, which takes 150–300 ms to build
 * while the server process starts. Stateless and thread-safe. Public for {@link #icons} alone, which
 * the tools types' reader shares ({@code protocol.tools.internal.PlainTools}).
 */
public final class HandshakeRecords {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private HandshakeRecords() {
    }

    /** The tree of {@code value}, or null when this class does not write its type. */
    static JsonNode toTree(Object value) {
        return switch (value) {
            case Implementation implementation -> implementationTree(implementation);
            case LoggingLevel level -> NODES.stringNode(level.wireName());
            default -> null;
        };
    }

    static Implementation implementation(JsonNode node) {
        if (!node.isObject()) {
            return null;
        }
        String name = null;
        String version = null;
        Optional<String> title = Optional.empty();
        Optional<String> description = Optional.empty();
        Optional<String> websiteUrl = Optional.empty();
        List<Icon> icons = List.of();
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            JsonNode value = field.getValue();
            if (field.getKey().equals("icons")) {
                icons = icons(value);
                if (icons == null) {
                    return null;
                }
                continue;
            }
            if (!value.isString()) {
                return null; // a number or null Jackson would coerce, or an error Jackson should word
            }
            switch (field.getKey()) {
                case "name" -> name = value.stringValue();
                case "version" -> version = value.stringValue();
                case "title" -> title = Optional.of(value.stringValue());
                case "description" -> description = Optional.of(value.stringValue());
                case "websiteUrl" -> websiteUrl = Optional.of(value.stringValue());
                default -> {
                    return null;
                }
            }
        }
        if (name == null || version == null) {
            return null;
        }
        return new Implementation(name, title, version, description, icons, websiteUrl);
    }

    /** Icons whose fields are all strings (sizes a list of strings), or null for any other shape. */
    public static List<Icon> icons(JsonNode array) {
        if (!array.isArray()) {
            return null;
        }
        List<Icon> icons = new ArrayList<>(array.size());
        for (JsonNode icon : array) {
            if (!icon.isObject()) {
                return null;
            }
            String src = null;
            Optional<String> mimeType = Optional.empty();
            Optional<String> theme = Optional.empty();
            List<String> sizes = List.of();
            for (Map.Entry<String, JsonNode> field : icon.properties()) {
                JsonNode value = field.getValue();
                if (field.getKey().equals("sizes")) {
                    sizes = strings(value);
                    if (sizes == null) {
                        return null;
                    }
                    continue;
                }
                if (!value.isString()) {
                    return null;
                }
                switch (field.getKey()) {
                    case "src" -> src = value.stringValue();
                    case "mimeType" -> mimeType = Optional.of(value.stringValue());
                    case "theme" -> theme = Optional.of(value.stringValue());
                    default -> {
                        return null;
                    }
                }
            }
            if (src == null) {
                return null;
            }
            icons.add(new Icon(src, mimeType, sizes, theme));
        }
        return icons;
    }

    private static List<String> strings(JsonNode array) {
        if (!array.isArray()) {
            return null;
        }
        List<String> strings = new ArrayList<>(array.size());
        for (JsonNode element : array) {
            if (!element.isString()) {
                return null;
            }
            strings.add(element.stringValue());
        }
        return strings;
    }

    static ServerCapabilities serverCapabilities(JsonNode node) {
        if (!node.isObject()) {
            return null;
        }
        Optional<JsonNode> experimental = Optional.empty();
        Optional<JsonNode> logging = Optional.empty();
        Optional<JsonNode> completions = Optional.empty();
        Optional<JsonNode> prompts = Optional.empty();
        Optional<JsonNode> resources = Optional.empty();
        Optional<JsonNode> tools = Optional.empty();
        Optional<JsonNode> tasks = Optional.empty();
        Optional<JsonNode> extensions = Optional.empty();
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            JsonNode value = field.getValue();
            if (value.isNull()) {
                return null;
            }
            Optional<JsonNode> present = Optional.of(value);
            switch (field.getKey()) {
                case "experimental" -> experimental = present;
                case "logging" -> logging = present;
                case "completions" -> completions = present;
                case "prompts" -> prompts = present;
                case "resources" -> resources = present;
                case "tools" -> tools = present;
                case "tasks" -> tasks = present;
                case "extensions" -> extensions = present;
                default -> {
                    return null;
                }
            }
        }
        return new ServerCapabilities(experimental, logging, completions, prompts, resources, tools, tasks, extensions);
    }

    /** As the mapper writes it: absent optionals and an empty icon list left out. */
    static ObjectNode implementationTree(Implementation info) {
        ObjectNode node = NODES.objectNode();
        node.put("name", info.name());
        info.title().ifPresent(t -> node.put("title", t));
        node.put("version", info.version());
        info.description().ifPresent(d -> node.put("description", d));
        if (!info.icons().isEmpty()) {
            ArrayNode icons = node.putArray("icons");
            for (Icon icon : info.icons()) {
                ObjectNode i = icons.addObject();
                i.put("src", icon.src());
                icon.mimeType().ifPresent(m -> i.put("mimeType", m));
                if (!icon.sizes().isEmpty()) {
                    ArrayNode sizes = i.putArray("sizes");
                    icon.sizes().forEach(sizes::add);
                }
                icon.theme().ifPresent(t -> i.put("theme", t));
            }
        }
        info.websiteUrl().ifPresent(w -> node.put("websiteUrl", w));
        return node;
    }
}
