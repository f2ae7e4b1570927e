package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each exit code of the table in {@link ExitCode}, with human output and with {@code --json}: a
 * script branches on the code, so it may depend neither on the output mode nor on the command.
 */
class CliExitCodeTest {
    private static CliRun run(boolean json, String... args) {
        List<String> words = new ArrayList<>();
        if (json) {
            words.add("--json");
        }
        words.addAll(List.of(args));
        return CliRun.of(words.toArray(String[]::new));
    }

    @ParameterizedTest(name = "json={0}")
    @ValueSource(booleans = {false, true})
    void successIsZero(boolean json) {
        assertThat(run(json, "call", "echo", "text=hi").code()).isEqualTo(0);
    }

    @ParameterizedTest(name = "json={0}")
    @ValueSource(booleans = {false, true})
    void aToolErrorResultIsOne(boolean json) {
        assertThat(run(json, "call", "fail").code()).isEqualTo(1);
    }

    @ParameterizedTest(name = "json={0}")
    @ValueSource(booleans = {false, true})
    void aUsageErrorIsTwo(boolean json) {
        assertThat(run(json, "call").code()).isEqualTo(2);
        assertThat(run(json, "--timeout", "soon", "tools").code()).isEqualTo(2);
    }

    @ParameterizedTest(name = "json={0}")
    @ValueSource(booleans = {false, true})
    void whatTheServerRefusesIsThree(boolean json) {
        CliRun unknownTool = run(json, "call", "nope");
        CliRun missingArgument = run(json, "prompt", "summarize");
        CliRun missingResource = run(json, "read", "demo://no-such-thing");
        CliRun undescribed = run(json, "tools", "ecko");

        assertThat(unknownTool.code()).as(unknownTool.err()).isEqualTo(3);
        assertThat(missingArgument.code()).as(missingArgument.err()).isEqualTo(3);
        assertThat(missingResource.code()).as(missingResource.err()).isEqualTo(3);
        assertThat(undescribed.code()).isEqualTo(3);
        assertThat(undescribed.err()).contains("did you mean 'echo'");
    }

    @ParameterizedTest(name = "json={0}")
    @ValueSource(booleans = {false, true})
    void anUnknownToolIsThreeWhetherTheServerAnswersAnErrorOrAToolResult(boolean json) {
        // The demo answers an unknown tool with a JSON-RPC error, server-everything with a result marked isError.
        CliRun demo = run(json, "call", "no_such_tool");
        CliRun everything = run(json, "--stdio", EverythingFixture.stdio(), "call", "no_such_tool");

        assertThat(demo.code()).as(demo.err()).isEqualTo(3);
        assertThat(everything.code()).as(everything.err()).isEqualTo(3);
    }

    /** Each code is in the table {@code --help} prints and in the documentation's table (README, or docs/ it moved to). */
    @Test
    void theTablesListEveryCodeCtrlCsOneHundredAndThirtyToo() throws Exception {
        Path root = Path.of("").toAbsolutePath().getParent();
        StringBuilder documented = new StringBuilder(Files.readString(root.resolve("README.md")));
        Path docs = root.resolve("docs");
        if (Files.isDirectory(docs)) {
            try (var files = Files.walk(docs)) {
                for (var file : files.filter(f -> f.toString().endsWith(".md")).toList()) {
                    documented.append(Files.readString(file));
                }
            }
        }
        String help = String.join("\n", ExitCode.TABLE);
        for (int code : new int[] {ExitCode.OK, ExitCode.TOOL_ERROR, ExitCode.USAGE, ExitCode.REFUSED, ExitCode.CONNECTION,
            ExitCode.TIMEOUT, ExitCode.UNAUTHORISED, ExitCode.VERIFICATION, ExitCode.CANCELLED}) {
            assertThat(help).containsPattern("(?m)^ *" + code + "  \\S");
            assertThat(documented).contains("| `" + code + "` |");
        }
        assertThat(ExitCode.CANCELLED).isEqualTo(130);
        assertThat(help).contains("130  ended by Ctrl-C");
    }

    @ParameterizedTest(name = "json={0}")
    @ValueSource(booleans = {false, true})
    void aServerThatCannotBeReachedIsFour(boolean json) {
        assertThat(run(json, "--stdio", "definitely-not-a-command", "tools").code()).isEqualTo(4);
        assertThat(run(json, "--url", "http://127.0.0.1:1/mcp", "--timeout", "5", "ping").code()).isEqualTo(4);
    }

    @ParameterizedTest(name = "json={0}")
    @ValueSource(booleans = {false, true})
    void aTimeoutIsFive(boolean json) {
        CliRun r = run(json, "--timeout", "1", "call", "slow_task", "steps=20", "delayMs=500");
        assertThat(r.code()).isEqualTo(5);
        assertThat(r.err()).contains("1 s").doesNotContain("PT1S"); // durations as people write them

    }

    @ParameterizedTest(name = "json={0}")
    @ValueSource(booleans = {false, true})
    void aServerAskingForAuthorisationIsSix(boolean json) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/mcp", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(401, -1);
            exchange.close();
        });
        server.start();
        try {
            CliRun r = run(json, "--url", "http://127.0.0.1:" + server.getAddress().getPort() + "/mcp",
                    "--transport", "http", "--timeout", "5", "tools");

            assertThat(r.code()).as(r.err()).isEqualTo(6);
        } finally {
            server.stop(0);
        }
    }
}
