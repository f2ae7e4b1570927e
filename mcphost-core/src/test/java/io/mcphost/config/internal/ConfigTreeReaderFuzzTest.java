package io.mcphost.config.internal;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mcphost.config.InputDefinition;
import io.mcphost.config.McpConfig;
import io.mcphost.config.McpConfigException;
import io.mcphost.config.ServerConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Fuzzes the mcp.json loader (issue 31): any text, in any of the formats it accepts (Claude Desktop,
 * Claude Code, Cursor, Kiro, VS Code's mcp.json and settings.json), JSONC, variables and inputs. The only
 * allowed outcomes are a configuration or a {@link McpConfigException}; a server's transport is then
 * built, which may refuse a setting only with its documented {@link IllegalArgumentException} or
 * {@link IllegalStateException}. A syntax error's message never carries the parser's internals, and the
 * scan that explains syntax errors never finds one in a text the parser read. {@code envFile}s are read
 * from memory: {@code fuzz.env} and {@code bad.env} exist, everything else does not.
 */
class ConfigTreeReaderFuzzTest {
    private static final Path BASE = Path.of("/fuzz/workspace/.vscode");
    private static final Map<Path, List<String>> FILES = Map.of(
            BASE.resolve("fuzz.env"), List.of("# tokens", "export TOKEN=\"abc\\\"def\"", "PORT=3000 # http", "EMPTY="),
            BASE.resolve("bad.env"), List.of("NOT A LINE"));
    private static final Map<String, String> ENV = Map.of("HOME", "/home/ada", "TOKEN", "t0k3n", "EMPTY", "",
            "workspaceFolder", "/env/wins");

    private static final String SYNTAX = "mcp.json: is not valid JSON";
    private static final Pattern DUPLICATE = Pattern.compile(" at line \\d+, column \\d+: Duplicate Object property \".*\"",
            Pattern.DOTALL);

    @FuzzTest(maxDuration = "10m")
    void load(byte[] input) {
        String json = new String(input, StandardCharsets.UTF_8);
        Map<String, Integer> asked = new HashMap<>();
        McpConfig config;
        try {
            config = ConfigTreeReader.read(json, "mcp.json", Optional.empty(), BASE, ENV::get,
                    definition -> answer(definition, asked), ConfigTreeReaderFuzzTest::lines);
        } catch (McpConfigException expected) {
            String message = expected.getMessage();
            if (!message.startsWith("mcp.json: ")) {
                throw new AssertionError("the message does not start with the source: " + message);
            }
            if (message.startsWith(SYNTAX)) {
                refused(json, message.substring(SYNTAX.length()));
            } else {
                parsed(json);
            }
            return;
        }
        parsed(json);
        for (ServerConfig server : config.servers()) {
            if (server.name().isBlank()) {
                throw new AssertionError("a server with a blank name was accepted");
            }
            try {
                server.toTransport();
            } catch (IllegalArgumentException | IllegalStateException documented) {
                // ServerConfig.toTransport: a setting the transport refuses, or a bearerTokenEnv not set.
            }
        }
    }

    /** The parser read {@code json}: then the scan that explains syntax errors must find none either. */
    private static void parsed(String json) {
        scan(json).ifPresent(p -> {
            throw new AssertionError("the parser read what the scan calls a syntax error: " + p);
        });
    }

    /**
     * The parser refused {@code json}, and the loader said {@code why}: the scan's first problem when it found
     * one; else a repeated name, or a parser limit in the parser's words without its internals.
     */
    private static void refused(String json, String why) {
        if (DUPLICATE.matcher(why).matches()) {
            return; // no syntax error: the scan does not look for repeated names
        }
        Optional<JsoncSyntax.Problem> problem = scan(json);
        if (problem.isPresent()) {
            JsoncSyntax.Problem p = problem.get();
            if (!why.equals(" at line " + p.line() + ", column " + p.column() + ": " + p.what())) {
                throw new AssertionError("a syntax error is not said as the scan found it: " + why + " / " + p);
            }
            return;
        }
        for (String internal : new String[] {"REDACTED", "#UNKNOWN", "byte offset", "`", "Feature", "Constraints"}) {
            if (why.contains(internal)) {
                throw new AssertionError("a syntax error carries the parser's internals: " + why);
            }
        }
    }

    private static Optional<JsoncSyntax.Problem> scan(String json) {
        return JsoncSyntax.firstProblem(json.startsWith("\uFEFF") ? json.substring(1) : json, ConfigTreeReader.MAX_DEPTH);
    }

    private static String answer(InputDefinition definition, Map<String, Integer> asked) {
        if (asked.merge(definition.id(), 1, Integer::sum) > 1) {
            throw new AssertionError("input " + definition.id() + " was asked for twice in one load");
        }
        return switch (definition.id()) {
            case "unanswered" -> null;
            case "broken" -> throw new IllegalStateException("the console is closed");
            default -> "answer-" + definition.id();
        };
    }

    private static List<String> lines(Path file) throws NoSuchFileException {
        List<String> lines = FILES.get(file);
        if (lines == null) {
            throw new NoSuchFileException(file.toString());
        }
        return lines;
    }
}
