package io.mcphost.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/** The npm reference server server-everything, as the CLI's {@code --stdio} value (the build installs it). */
final class EverythingFixture {
    private EverythingFixture() {
    }

    /** {@code node '<path>/dist/index.js' stdio}; the CLI names the server "node". */
    static String stdio() {
        String configured = System.getProperty("mcphost.npm.dir");
        Path dir = configured != null ? Path.of(configured) : Path.of("..", "fixtures", "npm");
        Path script = dir.resolve("node_modules/@modelcontextprotocol/server-everything/dist/index.js").toAbsolutePath().normalize();
        if (!Files.isRegularFile(script)) {
            throw new IllegalStateException("server-everything is not installed at " + script
                    + "; the build installs it (fixtures/npm/install.sh) unless -DskipNpm is given");
        }
        return "node '" + script + "' stdio";
    }
}
