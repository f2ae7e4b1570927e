package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.mcphost.protocol.Json;
import org.junit.jupiter.api.Test;

/** {@code request METHOD [PARAMS]} and {@code --env-pass}, against the demo server. */
class CliRequestTest {
    @Test
    void requestPrintsTheRawResult() {
        CliRun r = CliRun.of("request", "prompts/get", "{\"name\":\"summarize\",\"arguments\":{\"text\":\"MCP\"}}");

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Json.parse(r.out()).path("messages").isArray()).isTrue();
    }

    @Test
    void requestParamsThatAreNotAnObjectAreAUsageErrorAndAnUnknownMethodIsRefused() {
        assertThat(CliRun.of("request", "tools/list", "[1]").code()).isEqualTo(ExitCode.USAGE);
        assertThat(CliRun.of("request", "no/such/method").code()).isEqualTo(ExitCode.REFUSED);
    }

    @Test
    void envPassGivesTheServerOneOfTheHostsVariablesByName() {
        String value = System.getenv("JAVA_HOME");
        assumeTrue(value != null, "JAVA_HOME is set where the build runs");

        CliRun r = CliRun.of("--stdio", "bash -c 'echo \"seen: $JAVA_HOME\" >&2; exit 4'", "--env-pass", "JAVA_HOME", "ping");
        CliRun without = CliRun.of("--stdio", "bash -c 'echo \"seen: $JAVA_HOME\" >&2; exit 4'", "ping");

        assertThat(r.err()).contains("seen: " + value);
        assertThat(without.err()).doesNotContain(value);
    }
}
