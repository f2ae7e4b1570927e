package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.internal.JsonCodec;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The CLI end to end, in process, against the real demo server started as a child process. */
class CliTest {
    private record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true), false);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void toolsListsTheDemoServersTools() {
        Run r = run("tools");

        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("echo", "calculate", "slow_task");
    }

    @Test
    void callPrintsTheToolsText() {
        Run r = run("call", "echo", "text=hello world");

        assertThat(r.code()).isZero();
        assertThat(r.out().strip()).isEqualTo("hello world");
    }

    @Test
    void aToolErrorExitsWithOne() {
        Run r = run("call", "fail");

        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("failed on purpose");
    }

    @Test
    void anUnknownToolExitsWithThreeAndOneLine() {
        Run r = run("call", "nope");

        assertThat(r.code()).isEqualTo(3);
        assertThat(r.err().strip()).startsWith("mcphost: server 'demo': tools/call failed: Unknown tool: nope").doesNotContain("\tat ");
        assertThat(r.err().strip().lines()).hasSize(1);
    }

    @Test
    void badUsageExitsWithTwo() {
        assertThat(run("call").code()).isEqualTo(2);
        assertThat(run("call", "echo", "novalue").code()).isEqualTo(2);
        assertThat(run("--stdio", "node 'unbalanced", "tools").code()).isEqualTo(2);
    }

    @Test
    void jsonOutputIsJson() {
        Run r = run("--json", "call", "add", "a=1", "b=2");

        assertThat(r.code()).isZero();
        assertThat(JsonCodec.get().mapper().readTree(r.out()).path("structuredContent").path("sum").doubleValue()).isEqualTo(3.0);
    }

    @Test
    void aServerThatCannotStartExitsWithThreeAndAClearLine() {
        Run r = run("--stdio", "definitely-not-a-command-mcphost --flag", "tools");

        assertThat(r.code()).isEqualTo(3);
        assertThat(r.err()).contains("mcphost: server 'definitely-not-a-command-mcphost': cannot start");
    }

    @Test
    void aServerThatDiesAtStartQuotesItsStderr() {
        Run r = run("--stdio", "bash -c 'echo fatal: missing token >&2; exit 4'", "tools");

        assertThat(r.code()).isEqualTo(3);
        assertThat(r.err()).contains("exited with code 4", "fatal: missing token");
    }

    @Test
    void theDemoTourRunsEndToEnd() {
        Run r = run();

        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("mcphost-demo", "Hello from McpHost!", "done: 5 steps", "(tool error)");
    }
}
