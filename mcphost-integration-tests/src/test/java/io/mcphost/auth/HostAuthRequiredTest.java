package io.mcphost.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.host.McpHost;
import io.mcphost.host.ServerSpec;
import io.mcphost.host.ServerState;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.testkit.oauth.OAuthTestServer;
import io.mcphost.testkit.oauth.ProtectedMcpServer;
import io.mcphost.transport.http.HttpTransport;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A host with one server that needs a user's OAuth authorisation: that one waits, the others serve. */
@Timeout(30)
class HostAuthRequiredTest {

    @Test
    void aServerWaitingForAuthorisationIsAuthRequiredNotFailedAndTheOthersServe() {
        try (OAuthTestServer as = OAuthTestServer.start();
             ProtectedMcpServer protectedServer = ProtectedMcpServer.start(DemoServer.server(), as);
             StreamableHttpServer open = StreamableHttpServer.builder(DemoServer.server()).start()) {
            OAuthSettings noUser = OAuthSettings.builder().tokenStore(TokenStore.inMemory()).build();
            try (McpHost host = McpHost.builder().failOpen(true).startupTimeout(Duration.ofSeconds(10))
                    .server(ServerSpec.builder("linear", () -> HttpTransport.builder(protectedServer.endpoint())
                            .name("linear").oauth(noUser).build()).build())
                    .server(ServerSpec.builder("demo", () -> HttpTransport.builder(open.endpoint()).name("demo").build()).build())
                    .start()) {

                assertThat(host.server("linear").orElseThrow().state()).isEqualTo(ServerState.AUTH_REQUIRED);
                assertThat(host.server("linear").orElseThrow().lastErrorMessage()).hasValueSatisfying(m -> assertThat(m).contains("login"));
                assertThat(host.server("demo").orElseThrow().state()).isEqualTo(ServerState.READY);
                assertThat(host.tools()).isNotEmpty();
            }
        }
    }
}
