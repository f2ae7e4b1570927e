package io.mcphost.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.host.McpHost;
import io.mcphost.host.ServerSpec;
import io.mcphost.protocol.Json;
import io.mcphost.testkit.NpmFixtures;
import io.mcphost.transport.stdio.StdioTransport;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * Clients nobody here wrote call tools through the gateway to npm's reference servers: the
 * TypeScript SDK v1 client ({@code @modelcontextprotocol/sdk}) and v2 client
 * ({@code @modelcontextprotocol/client}, in both eras), the official Java SDK's client, and the MCP
 * Inspector's CLI. One host with three stdio upstreams (server-everything, server-memory,
 * server-filesystem rooted in a temporary directory) behind one gateway on an ephemeral port, shared
 * by every test; each client writes its own memory entity, so the tests do not depend on each other.
 * Every test has a deadline and every process it starts is gone when it ends.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Tag("interop") // run with the SDK's and the CLI's jars on the class path: see this module's pom
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class GatewayInteropTest {
    private static final Duration PROCESS_DEADLINE = Duration.ofSeconds(60);
    private static final String HELLO = "hello from the gateway's temp dir";

    private Path dir;
    private McpHost host;
    private McpGateway gateway;
    private URI endpoint;

    @BeforeAll
    void start(@TempDir Path tempDir) throws IOException {
        dir = tempDir;
        Files.writeString(dir.resolve("hello.txt"), HELLO);
        Path files = Files.createDirectory(dir.resolve("files"));
        Files.writeString(files.resolve("hello.txt"), HELLO);
        host = McpHost.builder()
                .server(stdio("everything", NpmFixtures.everythingStdio(), Map.of()))
                .server(stdio("memory", NpmFixtures.memoryStdio(), Map.of("MEMORY_FILE_PATH", dir.resolve("memory.jsonl").toString())))
                .server(stdio("filesystem", NpmFixtures.filesystemStdio(files), Map.of()))
                .start();
        gateway = McpGateway.builder(host).http(new InetSocketAddress("127.0.0.1", 0)).start();
        endpoint = gateway.endpoint().orElseThrow();
    }

    private static ServerSpec stdio(String name, List<String> command, Map<String, String> env) {
        return ServerSpec.builder(name, () -> StdioTransport.builder(command).name(name).env(env).build()).build();
    }

    @AfterAll
    void stop() {
        if (gateway != null) {
            gateway.close(Duration.ofSeconds(5));
        }
        if (host != null) {
            host.close(Duration.ofSeconds(5));
        }
    }

    private Path file() {
        return dir.resolve("files").resolve("hello.txt");
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"v1, legacy, 2025-11-25", "v2, legacy, 2025-11-25", "v2, modern, 2026-07-28"})
    void typescriptClientsCallEveryUpstream(String flavour, String era, String protocolVersion) throws Exception {
        Path pkg = flavour.equals("v1") ? NpmFixtures.typescriptSdkV1() : NpmFixtures.typescriptClientV2();
        Path script = dir.resolve("ts-client.mjs");
        try (var in = getClass().getResourceAsStream("/gateway/ts-client.mjs")) {
            Files.write(script, in.readAllBytes());
        }
        Run run = run(List.of(NpmFixtures.node22().toString(), script.toString(), flavour, era, pkg.toString(),
                endpoint.toString(), file().getParent().toString(), Long.toString(PROCESS_DEADLINE.toMillis() - 5_000)));
        assertThat(run.exit()).as(run.toString()).isZero();
        JsonNode out = Json.parse(run.lastLine());
        assertThat(out.has("error")).as(run.toString()).isFalse();
        assertThat(out.path("protocolVersion").asString()).isEqualTo(protocolVersion);
        assertThat(out.path("server").path("name").asString()).isEqualTo("mcphost-gateway");
        List<String> tools = new ArrayList<>();
        out.path("tools").forEach(t -> tools.add(t.asString()));
        assertThat(tools).contains("everything__echo", "memory__create_entities", "memory__read_graph", "filesystem__read_text_file");

        String entity = "entity-" + flavour + "-" + era;
        assertThat(text(out.path("echo"))).isEqualTo("Echo: hello from " + flavour + " " + era);
        assertThat(out.path("created").path("isError").asBoolean(false)).as(out.path("created").toString()).isFalse();
        assertThat(text(out.path("created"))).contains(entity);
        assertThat(text(out.path("graph"))).contains(entity, "seen by " + flavour + " " + era);
        assertThat(out.path("file").path("isError").asBoolean(false)).as(out.path("file").toString()).isFalse();
        assertThat(text(out.path("file"))).isEqualTo(HELLO);
        // The upstream's own refusal comes back as its isError result, unchanged.
        assertThat(out.path("outside").path("isError").asBoolean()).isTrue();
        assertThat(text(out.path("outside"))).contains("Access denied");
    }

    @Test
    void officialJavaSdkClientCallsEveryUpstream() {
        // In a class of its own: this class must load without the SDK (see JavaSdkCalls).
        JavaSdkCalls.callEveryUpstream(endpoint, file(), HELLO);
    }

    @ParameterizedTest
    @ValueSource(strings = {"legacy", "modern"})
    void inspectorCliListsAndCallsTools(String era) throws Exception {
        Run list = inspector(era, "--method", "tools/list");
        assertThat(list.exit()).as(list.toString()).isZero();
        List<String> tools = new ArrayList<>();
        Json.parse(list.stdout()).path("result").path("tools").forEach(t -> tools.add(t.path("name").asString()));
        assertThat(tools).contains("everything__echo", "memory__read_graph", "filesystem__read_text_file");

        Run echo = inspector(era, "--method", "tools/call", "--tool-name", "everything__echo", "--tool-arg", "message=hi-" + era);
        assertThat(echo.exit()).as(echo.toString()).isZero();
        assertThat(text(Json.parse(echo.stdout()).path("result"))).isEqualTo("Echo: hi-" + era);

        Run read = inspector(era, "--method", "tools/call", "--tool-name", "filesystem__read_text_file",
                "--tool-arg", "path=" + file());
        assertThat(read.exit()).as(read.toString()).isZero();
        assertThat(text(Json.parse(read.stdout()).path("result"))).isEqualTo(HELLO);
    }

    /** The Inspector's CLI as a user runs it ({@code npx @modelcontextprotocol/inspector --cli URL ...}), with a home of its own. */
    private Run inspector(String era, String... arguments) throws Exception {
        Path home = dir.resolve("inspector-home");
        Files.createDirectories(home);
        List<String> command = new ArrayList<>(List.of(NpmFixtures.node22().toString(), NpmFixtures.inspectorScript().toString(),
                "--cli", endpoint.toString(), "--transport", "http", "--protocol-era", era, "--format", "json"));
        command.addAll(List.of(arguments));
        return run(command, Map.of("HOME", home.toString(), "MCP_CATALOG_PATH", home.resolve("mcp.json").toString()));
    }

    private static String text(JsonNode result) {
        StringBuilder text = new StringBuilder();
        result.path("content").forEach(c -> text.append(c.path("text").asString("")));
        return text.toString();
    }

    /** What a process printed and how it ended. */
    record Run(int exit, String stdout, String stderr) {
        String lastLine() {
            String[] lines = stdout.strip().split("\n");
            return lines[lines.length - 1];
        }

        @Override
        public String toString() {
            return "exit " + exit + "\nstdout: " + stdout + "\nstderr: " + stderr;
        }
    }

    private Run run(List<String> command) throws Exception {
        return run(command, Map.of());
    }

    /** Runs {@code command} to its end or {@link #PROCESS_DEADLINE}; then it and its children are killed. */
    private Run run(List<String> command, Map<String, String> env) throws Exception {
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        builder.environment().putAll(env);
        Process process = builder.start();
        try {
            boolean ended = process.waitFor(PROCESS_DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
            int exit = ended ? process.exitValue() : -1;
            return new Run(exit, Files.readString(out, StandardCharsets.UTF_8)
                    + (ended ? "" : "\n(killed after " + PROCESS_DEADLINE + ")"), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.onExit().get(10, TimeUnit.SECONDS);
        }
    }
}
