package io.mcphost.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class ConfigLocationsTest {
    private static final Path HOME = Path.of("/home/ada");
    private static final Path CWD = Path.of("/work/project");
    private static final Predicate<Path> NOTHING = p -> false;

    private static Path resolve(String shortcut, String os, Predicate<Path> exists) {
        return ConfigLocations.resolve(shortcut, os, HOME, CWD, Map.of("APPDATA", "C:/Users/ada/AppData/Roaming")::get, exists);
    }

    @Test
    void claudeDesktopDependsOnTheOperatingSystem() {
        assertThat(resolve("claude-desktop", "Linux", NOTHING))
                .isEqualTo(HOME.resolve(".config/Claude/claude_desktop_config.json"));
        assertThat(resolve("claude-desktop", "Mac OS X", NOTHING))
                .isEqualTo(HOME.resolve("Library/Application Support/Claude/claude_desktop_config.json"));
        assertThat(resolve("claude-desktop", "Windows 11", NOTHING))
                .isEqualTo(Path.of("C:/Users/ada/AppData/Roaming").resolve("Claude").resolve("claude_desktop_config.json"));
    }

    @Test
    void claudeCodePrefersTheProjectFileThenTheUserFile() {
        assertThat(resolve("claude-code", "Linux", Set.of(CWD.resolve(".mcp.json"))::contains))
                .isEqualTo(CWD.resolve(".mcp.json"));
        assertThat(resolve("claude-code", "Linux", Set.of(HOME.resolve(".claude.json"))::contains))
                .isEqualTo(HOME.resolve(".claude.json"));
        assertThat(resolve("claude-code", "Linux", NOTHING)).isEqualTo(CWD.resolve(".mcp.json"));
    }

    @Test
    void vsCodeAndCursorLookInTheProject() {
        assertThat(resolve("vscode", "Linux", NOTHING)).isEqualTo(CWD.resolve(".vscode/mcp.json"));
        assertThat(resolve("cursor", "Linux", NOTHING)).isEqualTo(CWD.resolve(".cursor/mcp.json"));
        assertThat(resolve("cursor", "Linux", Set.of(HOME.resolve(".cursor/mcp.json"))::contains))
                .isEqualTo(HOME.resolve(".cursor/mcp.json"));
    }

    @Test
    void anUnknownShortcutListsTheKnownOnes() {
        assertThatThrownBy(() -> ConfigLocations.resolve("zed"))
                .isInstanceOf(McpConfigException.class)
                .hasMessage("zed: is not a known configuration location; known ones are"
                        + " claude-desktop, claude-code, vscode, cursor");
    }

    @Test
    void thePublicResolverUsesTheCurrentDirectory() {
        assertThat(ConfigLocations.resolve("vscode")).isEqualTo(Path.of("").toAbsolutePath().resolve(".vscode/mcp.json"));
    }
}
