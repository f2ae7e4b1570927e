package io.mcphost.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What the loader's fuzz target found (issue 31), and megabyte-sized hostile files: every one is a
 * configuration or a {@link McpConfigException} naming the key, never another exception, in linear time.
 */
class HostileConfigTest {
    private final McpConfigLoader loader = McpConfigLoader.builder().env(Map.of("HOME", "/home/ada")::get).build();

    @Test
    void aTimeoutTooLargeForADoubleIsTooLarge() {
        assertThatThrownBy(() -> loader.parse("{\"mcpServers\": {\"s\": {\"command\": \"x\", \"timeout\": 1e999}}}", "mcp.json"))
                .isInstanceOf(McpConfigException.class)
                .hasMessage("mcp.json: server 's': \"timeout\" is too large");
    }

    @Test
    void aHugeNegativeTimeoutIsNotPositiveRatherThanWrappingAround() {
        for (String timeout : new String[] {"-1e999", "-1e30", "-9223372036854775808"}) {
            assertThatThrownBy(() -> loader.parse("{\"mcpServers\": {\"s\": {\"command\": \"x\", \"timeout\": " + timeout + "}}}",
                    "mcp.json"))
                    .as(timeout)
                    .isInstanceOf(McpConfigException.class)
                    .hasMessage("mcp.json: server 's': \"timeout\" must be positive");
        }
    }

    @Test
    void aPathWithANulCharacterIsAConfigErrorNamingTheKey() {
        assertThatThrownBy(() -> loader.parse("{\"mcpServers\": {\"s\": {\"command\": \"x\", \"cwd\": \"a\\u0000b\"}}}", "mcp.json"))
                .isInstanceOf(McpConfigException.class)
                .hasMessageStartingWith("mcp.json: server 's': \"cwd\" is not a valid path");
        assertThatThrownBy(() -> loader.parse("{\"mcpServers\": {\"s\": {\"command\": \"x\", \"envFile\": \"${HOME}\\u0000\"}}}",
                "mcp.json"))
                .isInstanceOf(McpConfigException.class)
                .hasMessageStartingWith("mcp.json: server 's': \"envFile\" is not a valid path");
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aMegabyteCommentIsSkipped() {
        String json = "// " + "x".repeat(1 << 20) + "\n/* " + "*".repeat(1 << 20) + " */"
                + "{\"servers\": {\"s\": {\"command\": \"x\",}},}";
        assertThat(loader.parse(json, "mcp.json").servers()).hasSize(1);
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void deeplyNestedJsoncIsRefusedCleanly() {
        String nested = "[".repeat(1 << 19) + "]".repeat(1 << 19);
        assertThatThrownBy(() -> loader.parse("{\"servers\": {\"s\": {\"command\": \"x\", \"extra\": " + nested + "}}}", "mcp.json"))
                .isInstanceOf(McpConfigException.class)
                .hasMessageStartingWith("mcp.json: is not valid JSON");
        String objects = "{\"a\": /* c */ ".repeat(1 << 16) + "1" + ",}".repeat(1 << 16);
        assertThatThrownBy(() -> loader.parse(objects, "mcp.json")).isInstanceOf(McpConfigException.class);
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void megabyteValuesFullOfVariablesExpandInLinearTime() {
        String manyVariables = "${HOME}$${x}".repeat(1 << 16);
        String dollars = "$".repeat(1 << 20) + "{";
        String unclosed = "${" + "$".repeat(1 << 20);
        McpConfig config = loader.parse("{\"servers\": {\"s\": {\"command\": \"x\", \"args\": [\"" + manyVariables + "\"]}}}",
                "mcp.json");
        assertThat(((StdioConfig) config.servers().getFirst().transport()).args().getFirst())
                .startsWith("/home/ada${x}/home/ada");
        // The last "$${" is a literal "${"; every other '$' is itself.
        assertThat(((StdioConfig) loader.parse("{\"servers\": {\"s\": {\"command\": \"" + dollars + "\"}}}", "mcp.json")
                .servers().getFirst().transport()).command()).hasSize(1 << 20);
        assertThatThrownBy(() -> loader.parse("{\"servers\": {\"s\": {\"command\": \"" + unclosed + "\"}}}", "mcp.json"))
                .isInstanceOf(McpConfigException.class)
                .hasMessageContaining("unclosed");
    }
}
