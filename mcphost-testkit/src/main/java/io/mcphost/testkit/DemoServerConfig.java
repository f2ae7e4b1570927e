package io.mcphost.testkit;

import io.mcphost.server.demo.DemoServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * The demo server as configuration names it, started as a process of its own ({@link DemoServer#command()}):
 * as Spring Boot {@code mcphost.servers.<name>.*} properties, or as an mcp.json entry. For the tests of the
 * framework integrations, which configure a host the way applications do. Stateless; thread-safe.
 */
public final class DemoServerConfig {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private DemoServerConfig() {
    }

    /** {@code mcphost.servers.<name>.command} and {@code .args[i]}, then each of {@code more} (e.g. {@code "prefix=calc"}) under the same server. */
    public static List<String> properties(String name, String... more) {
        List<String> command = DemoServer.command();
        List<String> properties = new ArrayList<>();
        properties.add("mcphost.servers." + name + ".command=" + command.getFirst());
        for (int i = 1; i < command.size(); i++) {
            properties.add("mcphost.servers." + name + ".args[" + (i - 1) + "]=" + command.get(i));
        }
        for (String setting : more) {
            properties.add("mcphost.servers." + name + "." + setting);
        }
        return properties;
    }

    /**
     * Writes {@code dir/mcp.json} naming the demo server {@code name}, and returns its path.
     *
     * @throws UncheckedIOException if the file cannot be written
     */
    public static Path mcpJson(Path dir, String name) {
        List<String> command = DemoServer.command();
        Path file = dir.resolve("mcp.json");
        try {
            Files.writeString(file, JSON.writeValueAsString(Map.of("mcpServers",
                    Map.of(name, Map.of("command", command.getFirst(), "args", command.subList(1, command.size()))))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    /**
     * The demo servers this JVM started and that still run: the Java processes among its descendants (the
     * only ones the framework tests start; their class path is too long for the command line /proc gives).
     */
    public static List<ProcessHandle> runningProcesses() {
        String java = DemoServer.command().getFirst();
        return ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .filter(p -> p.info().command().map(java::equals).orElse(false)).toList();
    }
}
