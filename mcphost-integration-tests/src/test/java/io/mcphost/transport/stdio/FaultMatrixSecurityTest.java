package io.mcphost.transport.stdio;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.McpClient;
import io.mcphost.faults.Row;
import io.mcphost.testkit.faults.FaultyServers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.json.JsonMapper;

/**
 * Fault matrix, security rows. Rows covered elsewhere, which print their figures there: the
 * environment allowlist ({@link StdioEnvironmentTest}), header injection
 * ({@code HttpTransportTest#badUrlsAndHeadersAreRefusedWhenConfigured}), URL elicitation
 * ({@code ServerRequestsTest#aUrlThatIsNotAWebAddressIsRefusedWithoutAskingTheHandler}) and our HTTP
 * server's Origin, Host and loopback checks ({@code StreamableHttpServerTest} in mcphost-server).
 */
@Timeout(60)
class FaultMatrixSecurityTest {

    @Test
    void shellMetacharactersReachTheServerVerbatimAndRunNothing(@org.junit.jupiter.api.io.TempDir Path dir) {
        Path marker = dir.resolve("pwned");
        String hostile = "--note=$(touch " + marker + "); `touch " + marker + "` | cat && echo $HOME > " + marker + " * ~ 'q\" \\";
        List<String> command = new ArrayList<>(FaultyServers.stdio().command());
        command.add(hostile);
        StdioTransport transport = StdioTransport.builder(command).name("verbatim").build();
        try (McpClient client = McpClient.builder(transport).name("verbatim").requestTimeout(Duration.ofSeconds(20)).connect()) {
            String argv = transport.stderrTail().lines().filter(l -> l.startsWith("argv ")).findFirst().orElseThrow().substring(5);
            List<String> received = JsonMapper.shared().readValue(argv, List.class);

            Row.print("Sec2", "shell metacharacters passed verbatim", "argument arrived intact: " + received.contains(hostile)
                    + ", marker file created: " + Files.exists(marker), "true, false");
            assertThat(received).contains(hostile);
            assertThat(marker).doesNotExist();
        }
    }
}
