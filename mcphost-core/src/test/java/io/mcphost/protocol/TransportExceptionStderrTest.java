package io.mcphost.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TransportExceptionStderrTest {
    @Test
    void theStderrTailOfADeadServerTravelsWithTheException() {
        var e = new McpTransportException("git", "server process exited with code 1; its stderr ended with:\nAPI_KEY is not set\nbye",
                null, "API_KEY is not set\nbye");

        assertThat(e.stderrTail()).contains("API_KEY is not set\nbye");
        assertThat(e.getMessage()).startsWith("server 'git': server process exited with code 1");
    }

    @Test
    void aCopyUnderAnotherNameKeepsTheTail() {
        var original = new McpTransportException("node", "server process exited with code 1", null, "boom");
        assertThat(new McpTransportException("git", original.detail(), original).stderrTail()).contains("boom");
    }

    @Test
    void otherTransportFailuresHaveNoStderrTail() {
        assertThat(new McpTransportException("web", "connection refused").stderrTail()).isEmpty();
        assertThat(new McpTransportException("git", "server process exited with code 1; it wrote nothing to stderr").stderrTail())
                .isEmpty();
    }
}
