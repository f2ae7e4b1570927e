package io.mcphost.client;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Where the build installed the npm reference servers (fixtures/npm, see install.sh). */
final class NpmFixtures {
    private NpmFixtures() {
    }

    static Path dir() {
        String configured = System.getProperty("mcphost.npm.dir");
        Path dir = configured != null ? Path.of(configured) : Path.of("..", "fixtures", "npm");
        return dir.toAbsolutePath().normalize();
    }

    /** The command line that starts server-everything over stdio with the machine's node. */
    static List<String> everythingStdio() {
        Path script = dir().resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
        if (!Files.isRegularFile(script)) {
            throw new IllegalStateException("server-everything is not installed at " + script
                    + "; the build installs it (fixtures/npm/install.sh) unless -DskipNpm is given");
        }
        return List.of("node", script.toString(), "stdio");
    }
}
