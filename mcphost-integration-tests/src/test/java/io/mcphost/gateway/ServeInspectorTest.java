package io.mcphost.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.Json;
import io.mcphost.testkit.NpmFixtures;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The MCP Inspector's CLI against {@code mcphost serve} run as a process of its own, exactly as a
 * user would: an mcp.json of npm servers, {@code --http 127.0.0.1:0}, the URL read from the line
 * serve prints, then {@code inspector --cli URL --transport http --method ...}; SIGTERM ends serve
 * and its upstream servers with it.
 */
@Tag("interop") // run with the SDK's and the CLI's jars on the class path: see this module's pom
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class ServeInspectorTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final Pattern SERVING = Pattern.compile("mcphost serve: serving (\\d+) tools of (\\d+) servers on (\\S+)");

    @TempDir
    Path dir;

    @Test
    void inspectorCliListsAndCallsToolsOfMcphostServe() throws Exception {
        Path files = Files.createDirectory(dir.resolve("files"));
        Files.writeString(files.resolve("note.txt"), "served by mcphost serve");
        ObjectNode servers = Json.newObject();
        servers.set("everything", server(NpmFixtures.everythingStdio()));
        servers.set("filesystem", server(NpmFixtures.filesystemStdio(files)));
        ObjectNode config = Json.newObject();
        config.set("mcpServers", servers);
        Path mcpJson = Files.writeString(dir.resolve("mcp.json"), Json.write(config));

        try (ServeProcess serve = ServeProcess.start(DEADLINE, "--config", mcpJson.toString(), "--http", "127.0.0.1:0")) {
            Matcher line = serve.awaitServing(SERVING);
            assertThat(line.group(2)).isEqualTo("2");
            String url = line.group(3);
            serve.upstreams();

            JsonNode list = inspector(url, "--method", "tools/list");
            List<String> names = new ArrayList<>();
            list.path("result").path("tools").forEach(t -> names.add(t.path("name").asString()));
            assertThat(names).hasSize(Integer.parseInt(line.group(1)))
                    .contains("everything__echo", "filesystem__read_text_file");

            JsonNode echo = inspector(url, "--method", "tools/call", "--tool-name", "everything__echo", "--tool-arg", "message=hi");
            assertThat(echo.path("result").path("content").path(0).path("text").asString()).isEqualTo("Echo: hi");
            JsonNode read = inspector(url, "--method", "tools/call", "--tool-name", "filesystem__read_text_file",
                    "--tool-arg", "path=" + files.resolve("note.txt"));
            assertThat(read.path("result").path("content").path(0).path("text").asString()).isEqualTo("served by mcphost serve");
        }
    }

    private static ObjectNode server(List<String> command) {
        ObjectNode server = Json.newObject();
        server.put("command", command.getFirst());
        var args = server.putArray("args");
        command.subList(1, command.size()).forEach(args::add);
        return server;
    }

    /** {@code inspector --cli URL --transport http --format json ARGS}, run to its end within the deadline; its JSON answer. */
    private JsonNode inspector(String url, String... arguments) throws Exception {
        Path home = Files.createDirectories(dir.resolve("inspector-home"));
        List<String> command = new ArrayList<>(List.of(NpmFixtures.node22().toString(), NpmFixtures.inspectorScript().toString(),
                "--cli", url, "--transport", "http", "--format", "json"));
        command.addAll(List.of(arguments));
        Path out = Files.createTempFile(dir, "inspector", ".out");
        Path err = Files.createTempFile(dir, "inspector", ".err");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().putAll(Map.of("HOME", home.toString(), "MCP_CATALOG_PATH", home.resolve("mcp.json").toString()));
        Process process = builder.start();
        try {
            boolean ended = process.waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS);
            String report = "inspector " + arguments[1] + ": stdout " + Files.readString(out) + "\nstderr " + Files.readString(err);
            assertThat(ended).as(report).isTrue();
            assertThat(process.exitValue()).as(report).isZero();
            return Json.parse(Files.readString(out));
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.onExit().get(10, TimeUnit.SECONDS);
        }
    }
}
