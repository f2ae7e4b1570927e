package io.mcphost.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConfigErrorsTest {
    private final McpConfigLoader loader = McpConfigLoader.builder().env(Map.<String, String>of()::get).build();

    private McpConfigException error(String json) {
        Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> loader.parse(json, "mcp.json"));
        assertThat(t).isInstanceOf(McpConfigException.class);
        return (McpConfigException) t;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            {"mcpServers": {"github": {"command": "x", "args": "--stdio"}}}                 | github | args    | "args" must be an array of strings
            {"mcpServers": {"github": {"command": "x", "args": ["a", 1]}}}                  | github | args    | "args" must be an array of strings
            {"mcpServers": {"github": {"command": ["npx"]}}}                                | github | command | "command" must be a string, not an array
            {"mcpServers": {"github": {"command": "x", "env": ["A=1"]}}}                    | github | env     | "env" must be an object of strings
            {"mcpServers": {"github": {"command": "x", "env": {"A": {"b": 1}}}}}            | github | env.A   | "env.A" must be a string, not an object
            {"mcpServers": {"github": {"command": "x", "disabled": "yes"}}}                 | github | disabled | "disabled" must be true or false, not a string
            {"mcpServers": {"github": {"command": "x", "timeout": "soon"}}}                 | github | timeout | "timeout" must be a number of seconds or an ISO-8601 duration such as "PT30S", not "soon"
            {"mcpServers": {"github": {"command": "x", "timeout": 0}}}                      | github | timeout | "timeout" must be positive
            {"mcpServers": {"github": {"command": "x", "timeout": 1e30}}}                   | github | timeout | "timeout" is too large
            {"mcpServers": {"github": {"command": "x", "timeout": true}}}                   | github | timeout | "timeout" must be a number of seconds or an ISO-8601 duration such as "PT30S", not a boolean
            {"mcpServers": {"github": {"type": "websocket", "url": "ws://h"}}}              | github | type    | "type" must be "stdio", "http" or "sse", not "websocket"
            {"mcpServers": {"github": {"type": "http"}}}                                    | github | url     | "url" is missing (an HTTP server needs its endpoint)
            {"mcpServers": {"github": {"type": "stdio", "url": "https://h"}}}               | github | command | "command" is missing (a stdio server needs the program to run)
            {"mcpServers": {"github": {"url": "ftp://h/mcp"}}}                              | github | url     | "url" must start with http:// or https://
            {"mcpServers": {"github": {"url": "https://h", "headers": {"Bad Name": "v"}}}}  | github | headers.Bad Name | "headers.Bad Name" is not a valid HTTP header name
            {"mcpServers": {"github": {"command": "x", "envPassthrough": ["AWS-PROFILE"]}}} | github | envPassthrough | "envPassthrough" holds "AWS-PROFILE", which is not a valid environment variable name
            {"mcpServers": {"github": {"command": "x", "allowTools": "issue_*"}}}           | github | allowTools | "allowTools" must be an array of strings
            {"mcpServers": {"github": {"command": "x", "prefix": 7}}}                       | github | prefix  | "prefix" must be a string, not a number
            {"mcpServers": {"github": {"command": "x", "era": "2026"}}}                     | github | era     | "era" must be "auto", "modern" or "legacy", not "2026"
            {"mcpServers": {"github": {"command": "x", "era": true}}}                       | github | era     | "era" must be "auto", "modern" or "legacy", not a boolean
            """)
    void malformedValuesNameTheFileServerAndKey(String json, String server, String key, String problem) {
        McpConfigException e = error(json);

        assertThat(e).hasMessage("mcp.json: server '" + server + "': " + problem);
        assertThat(e.source()).isEqualTo("mcp.json");
        assertThat(e.server()).contains(server);
        assertThat(e.key()).contains(key);
    }

    @Test
    void aServerThatIsNotAnObjectIsNamed() {
        assertThat(error("""
                {"mcpServers": {"github": "npx server-github"}}
                """)).hasMessage("mcp.json: server 'github': must be an object, not a string");
    }

    @Test
    void aServerWithNeitherCommandNorUrlSaysWhatItNeeds() {
        assertThat(error("""
                {"mcpServers": {"empty": {"args": []}}}
                """)).hasMessage("mcp.json: server 'empty': needs \"command\" (a local server) or \"url\" (a remote one)");
    }

    @Test
    void aServerWithBothCommandAndUrlAndNoTypeIsAmbiguous() {
        assertThat(error("""
                {"mcpServers": {"both": {"command": "x", "url": "https://h"}}}
                """)).hasMessage("mcp.json: server 'both': has both \"command\" and \"url\"; add \"type\":"
                + " \"stdio\", \"http\" or \"sse\" to say which");
    }

    @Test
    void aFileWithoutServersSaysWhichKeysItLookedFor() {
        assertThat(error("""
                {"servers_": {}}
                """)).hasMessage("mcp.json: has no \"mcpServers\" (Claude Desktop, Claude Code, Cursor) or"
                + " \"servers\" (VS Code) object");
        assertThat(error("[]")).hasMessage("mcp.json: must hold a JSON object");
        assertThat(error("""
                {"mcpServers": []}
                """)).hasMessage("mcp.json: \"mcpServers\" must be an object of servers by name");
    }

    @Test
    void invalidJsonGivesTheLineAndColumn() {
        McpConfigException e = error("""
                {"mcpServers": {
                  "s": {"command": "x" "args": []}
                }}
                """);

        assertThat(e.getMessage()).startsWith("mcp.json: is not valid JSON at line 2, column ");
        assertThat(e.server()).isEmpty();
    }

    /** A syntax error names the file, line and column, and what was expected there: never the parser's internals. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            missing comma      | {\\n  "mcpServers": {\\n    "demo": {\\n      "command": "x" "args": []\\n    }\\n  }\\n}   | 4:22: expected ',' or '}' after an object member, found '"'
            unterminated string| {\\n  "mcpServers": {\\n    "demo": {\\n      "command": "npx,\\n      "args": []\\n}}} | 4:23: expected '"' to close the string that starts at line 4, column 18, found the end of the line
            trailing garbage   | {"mcpServers": {}}\\n}                                                                | 2:1: expected the end of the file after the top-level value, found '}' (one too many?)
            end of file        | {\\n  "mcpServers": {\\n    "demo": {"command": "x"}\\n                                  | 4:1: expected ',' or '}' after an object member, found the end of the file (the '{' at line 2, column 17 is not closed)
            missing value      | {"mcpServers": {"demo": {"command": }}}                                               | 1:37: expected a value (a string, number, object, array, true, false or null), found '}'
            unquoted name      | {\\r\\n  mcpServers: {}}                                                                | 2:3: expected a member name in double quotes or '}', found 'mcpServers'
            unclosed comment   | /* servers\\n{"mcpServers": {}}                                                        | 2:19: expected '*/' to close the comment that starts at line 1, column 1, found the end of the file
            """)
    void syntaxErrorsSayTheLineColumnAndWhatWasExpected(String kind, String json, String expected, @TempDir Path dir)
            throws java.io.IOException {
        String text = json.strip().replace("\\n", "\n").replace("\\r", "\r");
        Path file = java.nio.file.Files.writeString(dir.resolve("mcp.json"), text);

        Throwable e = org.assertj.core.api.Assertions.catchThrowable(() -> loader.load(file));

        assertThat(e).isInstanceOf(McpConfigException.class);
        String[] lineColumn = expected.split(":", 3);
        assertThat(e.getMessage()).isEqualTo(file + ": is not valid JSON at line " + lineColumn[0] + ", column " + lineColumn[1]
                + ":" + lineColumn[2]);
        assertThat(e.getMessage()).doesNotContain("REDACTED", "StreamReadFeature", "#UNKNOWN", "byte offset", "`", "code ");
    }

    @Test
    void aByteOrderMarkIsNoSyntaxError() {
        assertThat(loader.parse("\uFEFF{\"mcpServers\": {\"s\": {\"command\": \"x\"}}}", "mcp.json").servers()).hasSize(1);
        assertThat(error("\uFEFF{\"mcpServers\": {}} x").getMessage())
                .isEqualTo("mcp.json: is not valid JSON at line 1, column 20: expected the end of the file after the top-level"
                        + " value, found 'x'");
    }

    @Test
    void aParserLimitIsSaidWithoutTheParsersInternals() {
        String message = error("{\"servers\": {\"s\": {\"command\": \"x\", \"n\": " + "1".repeat(2000) + "}}}").getMessage();

        // The parser says no position for a limit: the message has none either.
        assertThat(message).isEqualTo("mcp.json: is not valid JSON: Number value length (2000) exceeds the maximum allowed (1000)")
                .doesNotContain("REDACTED", "StreamReadConstraints", "#UNKNOWN", "byte offset", "`");
    }

    @Test
    void duplicateServerNamesAreAnError() {
        assertThat(error("""
                {"mcpServers": {"s": {"command": "a"}, "s": {"command": "b"}}}
                """).getMessage()).startsWith("mcp.json: is not valid JSON at line 1, column ").contains("Duplicate Object property \"s\"")
                .doesNotContain("REDACTED", "StreamReadFeature", "#UNKNOWN", "byte offset", "`");
    }

    @Test
    void malformedInputsAreNamedByIndex() {
        assertThat(error("""
                {"inputs": [{"type": "promptString"}], "servers": {}}
                """)).hasMessage("mcp.json: \"inputs[0].id\" is missing");
        assertThat(error("""
                {"inputs": [{"id": "a", "password": "yes"}], "servers": {}}
                """)).hasMessage("mcp.json: \"inputs[0].password\" must be true or false");
        assertThat(error("""
                {"inputs": [{"id": "a"}, {"id": "a"}], "servers": {}}
                """)).hasMessage("mcp.json: \"inputs[1].id\" repeats the input id 'a'");
    }

    @Test
    void aMissingFileIsNamed(@TempDir Path dir) {
        Path file = dir.resolve("absent.json");

        assertThatThrownBy(() -> loader.load(file))
                .isInstanceOf(McpConfigException.class)
                .hasMessage(file + ": does not exist");
    }

    @Test
    void configErrorsShareTheOneExceptionRootButNoServerFailureType() {
        assertThat(error("{}")).isInstanceOf(io.mcphost.protocol.McpException.class)
                .isNotInstanceOf(io.mcphost.protocol.McpTransportException.class)
                .isNotInstanceOf(io.mcphost.protocol.ServerUnavailableException.class);
    }
}
