package io.mcphost.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.testkit.Await;
import io.mcphost.testkit.RecordingHandler;
import io.mcphost.transport.stdio.internal.ChildEnvironment;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A child sees the allowlist, what was configured and what was passed through: never the host's whole environment. */
class StdioEnvironmentTest {

    @Test
    void theChildSeesOnlyTheAllowlistConfiguredAndPassedThroughVariables() {
        // JAVA_HOME is set for every test run by mvnw and is not on the allowlist.
        assertThat(System.getenv("JAVA_HOME")).as("mvnw exports JAVA_HOME").isNotNull();
        try (var plain = StdioTransport.builder(Fixtures.bash("prints-env.sh")).name("plain").build();
             var configured = StdioTransport.builder(Fixtures.bash("prints-env.sh")).name("configured")
                     .env(Map.of("MCPHOST_GREETING", "hello")).envPassthrough(List.of("JAVA_HOME", "MCPHOST_UNSET_VARIABLE"))
                     .build()) {
            plain.start(new RecordingHandler());
            configured.start(new RecordingHandler());
            Await.until(Duration.ofSeconds(10), () -> plain.stderrTail().contains("END-OF-ENV") && configured.stderrTail().contains("END-OF-ENV"), "both environments");

            io.mcphost.faults.Row.print("Sec1", "env allowlist", "child saw JAVA_HOME: " + plain.stderrTail().contains("JAVA_HOME=")
                    + ", unlisted variables: " + plain.stderrTail().contains("MCPHOST_GREETING"), "false, false");
            assertThat(plain.stderrTail()).contains("PATH=").doesNotContain("JAVA_HOME=").doesNotContain("MCPHOST_GREETING");
            assertThat(configured.stderrTail())
                    .contains("PATH=", "MCPHOST_GREETING=hello", "JAVA_HOME=" + System.getenv("JAVA_HOME"))
                    .doesNotContain("MCPHOST_UNSET_VARIABLE");
        }
    }

    @Test
    void configuredValuesWinOverAllowlistedAndPassedThroughOnes() {
        var env = ChildEnvironment.build(Map.of("PATH", "/host/bin", "SECRET_TOKEN", "s3cr3t", "AWS_PROFILE", "dev"),
                List.of("AWS_PROFILE"), Map.of("PATH", "/configured/bin"), false);

        assertThat(env).containsOnly(Map.entry("PATH", "/configured/bin"), Map.entry("AWS_PROFILE", "dev"));
    }

    @Test
    void windowsNamesMatchTheAllowlistIgnoringCaseAndOnlyOnWindows() {
        Map<String, String> host = Map.of("Path", "C:\\bin", "SystemRoot", "C:\\Windows", "path", "/lower");

        assertThat(ChildEnvironment.build(host, List.of(), Map.of(), true)).containsOnlyKeys("Path", "SystemRoot", "path");
        assertThat(ChildEnvironment.build(host, List.of(), Map.of(), false)).isEmpty();
    }
}
