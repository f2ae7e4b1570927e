package io.mcphost.config;

import io.mcphost.config.internal.ConfigTreeReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Loads MCP server configurations in the formats people already have, detected from the file's
 * top-level key: {@code mcpServers} (Claude Desktop, Claude Code, Cursor, Kiro) or {@code servers}
 * with optional {@code inputs} (VS Code's mcp.json; {@code mcp.servers} in its settings.json).
 * Comments and trailing commas are accepted (JSONC).
 *
 * <p>Every string that reaches a transport (command, args, env values, envFile, cwd, url, header
 * values) may use {@code ${VAR}}, {@code ${VAR:-default}}, {@code ${env:VAR}} and
 * {@code ${input:id}}; <code>$${</code> stands for a literal <code>${</code>. Relative {@code cwd} and
 * {@code envFile} paths are resolved against the file's directory.
 *
 * <p>Immutable and thread-safe; one loader may load many files at once.
 *
 * <pre>{@code
 * McpConfig config = McpConfigLoader.builder()
 *         .inputs(input -> console.readPassword(input.description().orElse(input.id())))
 *         .build()
 *         .load(ConfigLocations.resolve("vscode"));
 * }</pre>
 */
public final class McpConfigLoader {
    private final Function<String, String> env;
    private final InputResolver inputs;

    private McpConfigLoader(Builder b) {
        this.env = b.env;
        this.inputs = b.inputs;
    }

    /** A builder with the process environment and no input resolver. */
    public static Builder builder() {
        return new Builder();
    }

    /** A loader with the process environment and no input resolver ({@code ${input:…}} then fails). */
    public static McpConfigLoader defaults() {
        return builder().build();
    }

    /**
     * Reads and parses {@code file}. Blocks while reading the file, any {@code envFile}, and while
     * the {@link InputResolver} answers.
     *
     * @throws McpConfigException if the file cannot be read or anything in it is wrong; the message
     *         names the file, and the server and key when there is one
     */
    public McpConfig load(Path file) {
        Objects.requireNonNull(file, "file");
        String source = file.toString();
        String json;
        try {
            json = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new McpConfigException(source, null, null, "does not exist", e);
        } catch (IOException e) {
            throw new McpConfigException(source, null, null, "cannot be read: " + e, e);
        }
        Path dir = file.toAbsolutePath().getParent();
        return ConfigTreeReader.read(json, source, Optional.of(file), dir, env, inputs);
    }

    /**
     * Parses configuration text, naming it {@code sourceName} in errors. Relative paths are
     * resolved against the current directory. Blocks only for any {@code envFile} and inputs.
     *
     * @throws McpConfigException if anything in the text is wrong
     */
    public McpConfig parse(String json, String sourceName) {
        Objects.requireNonNull(json, "json");
        Objects.requireNonNull(sourceName, "sourceName");
        return ConfigTreeReader.read(json, sourceName, Optional.empty(), Path.of("").toAbsolutePath(), env, inputs);
    }

    /** Configures a {@link McpConfigLoader}. Not thread-safe. */
    public static final class Builder {
        private Function<String, String> env = System::getenv;
        private InputResolver inputs;

        private Builder() {
        }

        /**
         * Where {@code ${VAR}} and {@code ${env:VAR}} look variables up ({@code System::getenv}
         * unless set); the function returns null for a variable that is not set.
         */
        public Builder env(Function<String, String> env) {
            this.env = Objects.requireNonNull(env, "env");
            return this;
        }

        /** Answers {@code ${input:id}} references; without one, such a reference fails the load. */
        public Builder inputs(InputResolver inputs) {
            this.inputs = Objects.requireNonNull(inputs, "inputs");
            return this;
        }

        /** Builds the loader. Does no I/O. */
        public McpConfigLoader build() {
            return new McpConfigLoader(this);
        }
    }
}
