package io.mcphost.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.McpTransportException;
import io.mcphost.testkit.RecordingHandler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** How a server's death and a failed start are reported (issue 14): signals by name, secrets redacted. */
@Timeout(30)
class StdioExitAndRedactionTest {

    @ParameterizedTest
    @CsvSource({"KILL, SIGKILL, 137", "TERM, SIGTERM, 143", "SEGV, SIGSEGV, 139", "ABRT, SIGABRT, 134"})
    void aServerKilledByASignalIsReportedWithTheSignalsName(String signal, String name, int exit) {
        var handler = new RecordingHandler();
        List<String> command = new ArrayList<>(Fixtures.bash("kills-itself.sh"));
        command.add(signal);
        try (var transport = StdioTransport.builder(command).name("victim").build()) {
            transport.start(handler);
            assertThat(handler.awaitClosed(Duration.ofSeconds(10))).get().isInstanceOf(McpTransportException.class)
                    .extracting(Throwable::getMessage).asString()
                    .contains("server process was killed by " + name + " (exit " + exit + ")")
                    .contains("about to die of SIG" + signal);
        }
    }

    @Test
    void aCommandThatCannotStartIsNamedWithItsSecretsRedacted() {
        var transport = StdioTransport.builder("mcphost-no-such-server-9d1e", "--verbose", "--api-key", "hunter2-very-secret",
                "--token=abc123", "GITHUB_TOKEN=ghp_1234567890abcdef", "sk-live-0123456789abcdef", "/srv/data").name("secretive").build();

        assertThatThrownBy(() -> transport.start(new RecordingHandler()))
                .isInstanceOf(McpTransportException.class)
                .hasMessageContaining("cannot start 'mcphost-no-such-server-9d1e --verbose --api-key *** --token=*** GITHUB_TOKEN=*** *** /srv/data'")
                .message().doesNotContain("hunter2", "abc123", "ghp_1234", "sk-live");
        assertThat(transport.describe()).isEqualTo("mcphost-no-such-server-9d1e (+7 args)");
        transport.close();
    }
}
