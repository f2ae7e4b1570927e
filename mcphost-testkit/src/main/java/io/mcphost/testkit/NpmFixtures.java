package io.mcphost.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Finds the npm reference servers (such as {@code @modelcontextprotocol/server-everything}) that the
 * build installs into {@code fixtures/npm} (see its {@code install.sh}), so tests run them with the
 * machine's {@code node} and never download anything.
 *
 * <p>The directory is the system property {@code mcphost.npm.dir} when set (McpHost's build sets it
 * for every test), else {@code ../fixtures/npm} relative to the working directory. Thread-safe: holds
 * no state; nothing here starts a process.
 */
public final class NpmFixtures {
    private NpmFixtures() {
    }

    /** The npm fixture directory, absolute; it need not exist. */
    public static Path dir() {
        String configured = System.getProperty("mcphost.npm.dir");
        Path dir = configured != null ? Path.of(configured) : Path.of("..", "fixtures", "npm");
        return dir.toAbsolutePath().normalize();
    }

    /**
     * The entry script of server-everything, absolute.
     *
     * @throws IllegalStateException if it is not installed, saying where it was looked for
     */
    public static Path everythingScript() {
        Path script = dir().resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
        if (!Files.isRegularFile(script)) {
            throw new IllegalStateException("server-everything is not installed at " + script
                    + "; the build installs it (fixtures/npm/install.sh) unless -DskipNpm is given");
        }
        return script;
    }

    /**
     * The command line that starts server-everything over stdio: {@code node <script> stdio}.
     *
     * @throws IllegalStateException if it is not installed
     */
    public static List<String> everythingStdio() {
        return List.of("node", everythingScript().toString(), "stdio");
    }
}
