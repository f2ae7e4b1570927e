package io.mcphost.config.internal;

import io.mcphost.config.InputDefinition;
import io.mcphost.config.InputResolver;
import io.mcphost.config.McpConfig;
import io.mcphost.config.McpConfigException;
import io.mcphost.config.ServerConfig;
import io.mcphost.protocol.internal.JsonCodec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.json.JsonReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a whole configuration text: detects the format by its top-level key ({@code mcpServers}
 * for Claude Desktop, Claude Code, Cursor and Kiro; {@code servers} for VS Code's mcp.json, or
 * {@code mcp.servers} for its settings.json), reads the declared inputs, then each server entry.
 * Thread-safe and stateless.
 */
public final class ConfigTreeReader {
    // VS Code's mcp.json is JSONC; comments and trailing commas are common in hand-edited files.
    // Duplicate server names are a mistake the default (last one wins) would hide.
    private static final JsonMapper MAPPER = JsonCodec.get().mapper().rebuild()
            .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS, JsonReadFeature.ALLOW_TRAILING_COMMA)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    static final int MAX_DEPTH = MAPPER.tokenStreamFactory().streamReadConstraints().getMaxNestingDepth();
    // "(start marker at [Source: REDACTED (`StreamReadFeature...` disabled); byte offset: #UNKNOWN])" and the like.
    private static final Pattern SOURCE = Pattern.compile("\\s*\\((?:start marker at )?\\[Source:.*?\\]\\)|\\s*\\[Source:.*?\\]");
    // ", from `StreamReadConstraints.getMaxNumberLength()`", ": enable `JsonReadFeature.X` to allow", "(bound as `T`)".
    private static final Pattern REFERENCE = Pattern.compile("\\s*\\(bound as `[^`]*`\\)"
            + "|\\s*(?:, from|: enable|: not allowed as per) `[^`]*`(?: to allow)?");

    private ConfigTreeReader() {
    }

    /**
     * Parses {@code json}, named {@code source} in errors, with relative paths resolved against {@code baseDir}.
     *
     * @param inputs the application's resolver, or null when it gave none
     * @throws McpConfigException for any problem, naming the source, server and key
     */
    public static McpConfig read(String json, String source, Optional<Path> file, Path baseDir,
                                 Function<String, String> env, InputResolver inputs) {
        return read(json, source, file, baseDir, env, inputs, ServerEntryReader.FileLines.DISK);
    }

    /** {@link #read}, with {@code envFile}s read through {@code files} (tests and fuzz targets keep them in memory). */
    static McpConfig read(String json, String source, Optional<Path> file, Path baseDir,
                          Function<String, String> env, InputResolver inputs, ServerEntryReader.FileLines files) {
        JsonNode root;
        // Windows editors may save UTF-8 with a byte order mark, which the parser would take for a stray character.
        String text = json.startsWith("\uFEFF") ? json.substring(1) : json;
        try {
            root = MAPPER.readTree(text);
        } catch (JacksonException e) {
            throw new McpConfigException(source, null, null, "is not valid JSON" + syntaxError(text, e), e);
        }
        if (root == null || root.isMissingNode() || !root.isObject()) {
            throw new McpConfigException(source, null, null, "must hold a JSON object");
        }
        JsonNode holder = root;
        String serversKey;
        if (present(root, "mcpServers")) {
            serversKey = "mcpServers";
        } else if (present(root, "servers")) {
            serversKey = "servers";
        } else if (present(root, "mcp") && root.get("mcp").isObject() && present(root.get("mcp"), "servers")) {
            holder = root.get("mcp");
            serversKey = "servers";
        } else {
            throw new McpConfigException(source, null, null,
                    "has no \"mcpServers\" (Claude Desktop, Claude Code, Cursor) or \"servers\" (VS Code) object");
        }
        JsonNode servers = holder.get(serversKey);
        if (!servers.isObject()) {
            throw new McpConfigException(source, null, serversKey, "must be an object of servers by name");
        }
        Map<String, InputDefinition> declared = inputs(holder, source);
        VariableExpander vars = new VariableExpander(source, env, inputs, declared, predefined(baseDir));
        List<ServerConfig> result = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : servers.properties()) {
            if (e.getKey().isBlank()) {
                throw new McpConfigException(source, null, serversKey, "has a server with an empty name");
            }
            result.add(new ServerEntryReader(source, e.getKey(), e.getValue(), vars, baseDir, files).read());
        }
        return new McpConfig(result, declared, file);
    }

    /**
     * Where and why {@code json} is not JSONC, as a person reads it ({@code  at line 4, column 17: expected ','
     * or '}' after an object member, found '"'}): the first syntax error when {@link JsoncSyntax} finds one;
     * otherwise (a repeated name, a parser limit such as a number's length) the parser's position and words,
     * without its internals (the source it may not name, feature and constraint names).
     */
    private static String syntaxError(String json, JacksonException e) {
        String said = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        // A repeated name is no syntax error: the scan would go past it, to a later problem or none.
        if (!said.startsWith("Duplicate Object property")) {
            Optional<JsoncSyntax.Problem> problem = JsoncSyntax.firstProblem(json, MAX_DEPTH);
            if (problem.isPresent()) {
                JsoncSyntax.Problem p = problem.get();
                return " at line " + p.line() + ", column " + p.column() + ": " + p.what();
            }
        }
        TokenStreamLocation at = e.getLocation();
        String where = at == null || at.getLineNr() < 1 ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
        return where + ": " + withoutInternals(said);
    }

    /** The parser's words without what only its developers read: the redacted source, {@code `Feature.NAME`} references. */
    private static String withoutInternals(String said) {
        String text = SOURCE.matcher(said).replaceAll("");
        text = REFERENCE.matcher(text).replaceAll("");
        text = text.replace("`", "").strip();
        return text.isEmpty() ? "a syntax error" : text;
    }

    private static boolean present(JsonNode node, String key) {
        return node.has(key) && !node.get(key).isNull();
    }

    private static Map<String, InputDefinition> inputs(JsonNode holder, String source) {
        Map<String, InputDefinition> out = new LinkedHashMap<>();
        JsonNode inputs = holder.get("inputs");
        if (inputs == null || inputs.isNull()) {
            return out;
        }
        if (!inputs.isArray()) {
            throw new McpConfigException(source, null, "inputs", "must be an array");
        }
        for (int i = 0; i < inputs.size(); i++) {
            JsonNode input = inputs.get(i);
            String at = "inputs[" + i + "]";
            if (!input.isObject()) {
                throw new McpConfigException(source, null, at, "must be an object");
            }
            String id = text(input, "id", at, source)
                    .orElseThrow(() -> new McpConfigException(source, null, at + ".id", "is missing"));
            if (out.containsKey(id)) {
                throw new McpConfigException(source, null, at + ".id", "repeats the input id '" + id + "'");
            }
            JsonNode password = input.get("password");
            if (password != null && !password.isNull() && !password.isBoolean()) {
                throw new McpConfigException(source, null, at + ".password", "must be true or false");
            }
            out.put(id, new InputDefinition(id, text(input, "type", at, source).orElse("promptString"),
                    text(input, "description", at, source), password != null && password.asBoolean(false),
                    text(input, "default", at, source), options(input, at, source)));
        }
        return out;
    }

    /** pickString options are strings or {@code {label, value}} objects; the value is what counts. */
    private static List<String> options(JsonNode input, String at, String source) {
        JsonNode options = input.get("options");
        if (options == null || options.isNull()) {
            return List.of();
        }
        if (!options.isArray()) {
            throw new McpConfigException(source, null, at + ".options", "must be an array");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode o : options) {
            if (o.isString()) {
                out.add(o.stringValue());
            } else if (o.isObject() && o.path("value").isString()) {
                out.add(o.get("value").stringValue());
            } else {
                throw new McpConfigException(source, null, at + ".options", "must hold strings or {\"value\": …} objects");
            }
        }
        return out;
    }

    private static Optional<String> text(JsonNode node, String key, String at, String source) {
        JsonNode v = node.get(key);
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isString()) {
            throw new McpConfigException(source, null, at + "." + key, "must be a string, not " + ServerEntryReader.kind(v));
        }
        return Optional.of(v.stringValue());
    }

    /** VS Code's own variables, used when the environment does not define them. */
    private static Map<String, String> predefined(Path baseDir) {
        Path dir = baseDir.toAbsolutePath().normalize();
        Path name = dir.getFileName();
        boolean editorDir = name != null && (name.toString().equals(".vscode") || name.toString().equals(".cursor"));
        Path workspace = editorDir && dir.getParent() != null ? dir.getParent() : dir;
        return Map.of("workspaceFolder", workspace.toString(), "userHome", System.getProperty("user.home"));
    }
}
