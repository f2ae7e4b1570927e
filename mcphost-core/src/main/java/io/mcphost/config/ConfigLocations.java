package io.mcphost.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Where well-known applications keep their MCP configuration, by shortcut:
 * <ul>
 *   <li>{@code claude-desktop}: {@code ~/Library/Application Support/Claude/claude_desktop_config.json}
 *       on macOS, {@code %APPDATA%\Claude\claude_desktop_config.json} on Windows,
 *       {@code ~/.config/Claude/claude_desktop_config.json} elsewhere;</li>
 *   <li>{@code claude-code}: {@code ./.mcp.json}, else {@code ~/.claude.json};</li>
 *   <li>{@code vscode}: {@code ./.vscode/mcp.json};</li>
 *   <li>{@code cursor}: {@code ./.cursor/mcp.json}, else {@code ~/.cursor/mcp.json}.</li>
 * </ul>
 * Stateless and thread-safe.
 */
public final class ConfigLocations {
    private static final List<String> SHORTCUTS = List.of("claude-desktop", "claude-code", "vscode", "cursor");

    private ConfigLocations() {
    }

    /** The known shortcuts, in a stable order. */
    public static List<String> shortcuts() {
        return SHORTCUTS;
    }

    /**
     * The configuration file for {@code shortcut}, relative to the current directory and the user's
     * home. Where there are two candidates, the first that exists; when neither exists, the first,
     * so that loading it reports a missing file by its expected name. Checks only whether files exist.
     *
     * @throws McpConfigException for an unknown shortcut, listing the known ones
     */
    public static Path resolve(String shortcut) {
        return resolve(shortcut, System.getProperty("os.name", ""), Path.of(System.getProperty("user.home")),
                Path.of("").toAbsolutePath(), System::getenv, Files::isRegularFile);
    }

    /** {@link #resolve(String)} with every input given, for tests. */
    static Path resolve(String shortcut, String osName, Path home, Path cwd, Function<String, String> env,
                        Predicate<Path> exists) {
        Objects.requireNonNull(shortcut, "shortcut");
        String os = osName.toLowerCase(Locale.ROOT);
        return switch (shortcut) {
            case "claude-desktop" -> {
                if (os.startsWith("mac") || os.startsWith("darwin")) {
                    yield home.resolve("Library/Application Support/Claude/claude_desktop_config.json");
                }
                if (os.startsWith("windows")) {
                    String appData = env.apply("APPDATA");
                    Path base = appData != null && !appData.isBlank() ? Path.of(appData) : home.resolve("AppData/Roaming");
                    yield base.resolve("Claude").resolve("claude_desktop_config.json");
                }
                yield home.resolve(".config/Claude/claude_desktop_config.json");
            }
            case "claude-code" -> firstExisting(exists, cwd.resolve(".mcp.json"), home.resolve(".claude.json"));
            case "vscode" -> cwd.resolve(".vscode/mcp.json");
            case "cursor" -> firstExisting(exists, cwd.resolve(".cursor/mcp.json"), home.resolve(".cursor/mcp.json"));
            default -> throw new McpConfigException(shortcut, null, null,
                    "is not a known configuration location; known ones are " + String.join(", ", SHORTCUTS));
        };
    }

    private static Path firstExisting(Predicate<Path> exists, Path first, Path second) {
        return exists.test(first) || !exists.test(second) ? first : second;
    }
}
