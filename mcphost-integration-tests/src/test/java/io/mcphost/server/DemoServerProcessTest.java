package io.mcphost.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.server.demo.DemoServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The demo server as the CLI runs it: a child process started with {@link DemoServer#command()},
 * spoken to with newline-delimited JSON-RPC on its stdin and stdout, no client library involved.
 */
class DemoServerProcessTest {
    private static final JsonCodec CODEC = JsonCodec.get();
    private static final String EOF = "<eof>";

    private Process process;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    @AfterEach
    void kill() {
        if (process != null) {
            process.destroyForcibly();
        }
    }

    private OutputStream start() throws IOException {
        process = new ProcessBuilder(DemoServer.command()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        Thread.ofVirtual().name("demo-stdout").start(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = out.readLine()) != null) {
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("<read failed: " + e + ">");
            }
            lines.add(EOF);
        });
        return process.getOutputStream();
    }

    private static void write(OutputStream in, String json) throws IOException {
        in.write((json + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    private String nextLine() throws InterruptedException {
        String line = lines.poll(20, TimeUnit.SECONDS);
        assertThat(line).as("a line from the demo server within 20 s").isNotNull();
        return line;
    }

    private JsonNode nextResult() throws InterruptedException {
        JsonRpcMessage message = CODEC.decodeOne(nextLine());
        assertThat(message).isInstanceOf(JsonRpcResponse.class);
        return ((JsonRpcResponse) message).result();
    }

    @Test
    void theDemoServerAnswersInitializeAndToolsListOverStdioAndExitsWhenStdinCloses() throws Exception {
        OutputStream in = start();

        write(in, """
                {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},\
                "clientInfo":{"name":"raw","version":"1"}}}""");
        JsonNode init = nextResult();
        write(in, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        write(in, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}");
        JsonNode tools = nextResult();
        write(in, """
                {"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"add","arguments":{"a":2,"b":40}}}""");
        JsonNode sum = nextResult();
        in.close();

        assertThat(init.path("protocolVersion").asString()).isEqualTo("2025-06-18");
        assertThat(init.path("serverInfo").path("name").asString()).isEqualTo("mcphost-demo");
        assertThat(init.path("capabilities").propertyNames())
                .containsExactlyInAnyOrder("logging", "completions", "prompts", "resources", "tools");
        List<String> names = new ArrayList<>();
        tools.path("tools").forEach(t -> names.add(t.path("name").asString()));
        assertThat(names).containsExactly("echo", "add", "calculate", "slow_task", "fail", "time", "greet");
        WireSchema.assertValid(tools, "ListToolsResult");
        assertThat(sum.path("structuredContent").path("sum").doubleValue()).isEqualTo(42.0);
        assertThat(nextLine()).as("nothing but answers on stdout").isEqualTo(EOF);
        assertThat(process.waitFor(20, TimeUnit.SECONDS)).as("the server exits on stdin EOF").isTrue();
        assertThat(process.exitValue()).isZero();
    }

    @Test
    void theCommandUsesThisJavaWithFastStartOptionsAndTheClassPath() {
        List<String> command = DemoServer.command();

        assertThat(command.getFirst()).isEqualTo(ProcessHandle.current().info().command().orElseThrow());
        assertThat(command).contains("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto", "-cp",
                System.getProperty("java.class.path"));
        assertThat(command.getLast()).isEqualTo(DemoServer.class.getName());
    }
}
