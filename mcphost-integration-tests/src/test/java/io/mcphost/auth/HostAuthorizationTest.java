package io.mcphost.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.config.McpConfig;
import io.mcphost.config.McpConfigLoader;
import io.mcphost.host.HostEvent;
import io.mcphost.host.McpHost;
import io.mcphost.host.ServerSpec;
import io.mcphost.host.ServerState;
import io.mcphost.host.ServerStatus;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.testkit.oauth.OAuthTestServer;
import io.mcphost.testkit.oauth.ProtectedMcpServer;
import io.mcphost.transport.http.HttpTransport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A host with an authorization handler: a server that needs a user is AUTH_REQUIRED with the URL in
 * its status and an event, {@code start()} does not wait for the user, the others serve at once, and
 * once a user has visited the URL the server comes up by itself, its tools in the catalog.
 */
@Timeout(30)
class HostAuthorizationTest {

    /** A server whose flow shows its URL through the host's handler; tokens in memory. */
    private static ServerSpec protectedSpec(ProtectedMcpServer server, Duration startupTimeout) {
        return ServerSpec.authorizing("linear", handler -> HttpTransport.builder(server.endpoint()).name("linear")
                .oauth(OAuthSettings.builder().tokenStore(TokenStore.inMemory()).handler(handler).build()).build())
                .startupTimeout(startupTimeout).build();
    }

    private static ServerSpec openSpec(StreamableHttpServer open) {
        return ServerSpec.builder("demo", () -> HttpTransport.builder(open.endpoint()).name("demo").build()).build();
    }

    @Test
    void theUrlIsInTheStatusAndAnEventAndTheServerComesUpOnceTheUserHasAuthorised() throws Exception {
        try (OAuthTestServer as = OAuthTestServer.start();
             ProtectedMcpServer protectedServer = ProtectedMcpServer.start(DemoServer.server(), as);
             StreamableHttpServer open = StreamableHttpServer.builder(DemoServer.server()).start()) {
            List<URI> shown = new CopyOnWriteArrayList<>();
            List<HostEvent> events = new CopyOnWriteArrayList<>();
            CountDownLatch linearReady = new CountDownLatch(1);
            ByteArrayOutputStream captured = new ByteArrayOutputStream();
            PrintStream original = System.err;
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            URI url;
            try (McpHost host = McpHost.builder().authorization(shown::add).onEvent(events::add)
                    .onEvent(e -> {
                        if (e instanceof HostEvent.ServerReady r && r.server().equals("linear")) {
                            linearReady.countDown();
                        }
                    })
                    .server(protectedSpec(protectedServer, Duration.ofSeconds(20))).server(openSpec(open)).start()) {

                // start() returned without a user: the protected server waits, visibly; the other serves.
                ServerStatus waiting = host.server("linear").orElseThrow();
                assertThat(waiting.state()).isEqualTo(ServerState.AUTH_REQUIRED);
                url = waiting.authorizationUrl().orElseThrow();
                assertThat(url.getQuery()).contains("code_challenge=").contains("state=");
                assertThat(shown).containsExactly(url);
                assertThat(events).filteredOn(e -> e instanceof HostEvent.AuthorizationRequired)
                        .singleElement().satisfies(e -> {
                            assertThat(e.server()).isEqualTo("linear");
                            assertThat(((HostEvent.AuthorizationRequired) e).url()).isEqualTo(url);
                        });
                assertThat(host.server("demo").orElseThrow().state()).isEqualTo(ServerState.READY);
                assertThat(host.tools()).isNotEmpty().allMatch(t -> t.server().equals("demo"));

                // The user visits the URL; the authorization server redirects to the flow's loopback listener.
                AuthorizationHandler.headless().open(url);

                assertThat(linearReady.await(10, TimeUnit.SECONDS)).isTrue();
                ServerStatus ready = host.server("linear").orElseThrow();
                assertThat(ready.state()).isEqualTo(ServerState.READY);
                assertThat(ready.authorizationUrl()).isEmpty();
                assertThat(ready.lastError()).isEmpty();
                assertThat(host.tools()).anyMatch(t -> t.server().equals("linear"));
                assertThat(protectedServer.authorizedCount()).isPositive();
            } finally {
                System.setErr(original);
            }
            // Logs name the authorization server, never the URL with its state, nor any token or code.
            String log = captured.toString(StandardCharsets.UTF_8);
            assertThat(log).doesNotContain(url.getRawQuery());
            assertThat(as.issuedSecrets()).isNotEmpty().allSatisfy(secret -> assertThat(log).doesNotContain(secret));
        }
    }

    @Test
    void aUserWhoComesAfterTheHandshakeGaveUpStillBringsTheServerUp() throws Exception {
        try (OAuthTestServer as = OAuthTestServer.start();
             ProtectedMcpServer protectedServer = ProtectedMcpServer.start(DemoServer.server(), as);
             StreamableHttpServer open = StreamableHttpServer.builder(DemoServer.server()).start()) {
            CountDownLatch linearReady = new CountDownLatch(1);
            CompletableFuture<URI> shown = new CompletableFuture<>();
            try (McpHost host = McpHost.builder().authorization(shown::complete)
                    .onEvent(e -> {
                        if (e instanceof HostEvent.ServerReady r && r.server().equals("linear")) {
                            linearReady.countDown();
                        }
                    })
                    .server(protectedSpec(protectedServer, Duration.ofSeconds(3))).server(openSpec(open)).start()) {
                // The handshake waits 3 s (enough for the first 401 on a loaded machine; 500 ms was not, and a
                // request with no answer in its deadline is a timeout, not a sign-in to wait for).
                URI url = shown.get(30, TimeUnit.SECONDS);
                // The handshake gives up at its deadline without any sign (it is not a failure): nothing to
                // await, so wait past it. The state is the same before and after.
                Thread.sleep(3_500);
                assertThat(host.server("linear").orElseThrow().state()).isEqualTo(ServerState.AUTH_REQUIRED);

                AuthorizationHandler.headless().open(url);

                assertThat(linearReady.await(10, TimeUnit.SECONDS)).isTrue();
                assertThat(host.server("linear").orElseThrow().state()).isEqualTo(ServerState.READY);
                assertThat(host.tools()).anyMatch(t -> t.server().equals("linear"));
            }
        }
    }

    @Test
    void aConfigEntryGetsTheHostsHandlerInItsOAuthSettings() {
        McpConfig config = McpConfigLoader.builder().env(name -> null).build().parse("""
                {"mcpServers": {"remote": {"type": "http", "url": "https://mcp.example.com/mcp"}}}
                """, "test.json");
        AuthorizationHandler handler = url -> { };
        ServerSpec spec = ServerSpec.fromConfig(config.enabledServers().getFirst());
        HttpTransport withHandler = (HttpTransport) spec.newTransport(handler);
        assertThat(withHandler.oauth().orElseThrow().settings().handler()).containsSame(handler);
        HttpTransport without = (HttpTransport) spec.newTransport();
        assertThat(without.oauth().orElseThrow().settings().handler()).isEmpty();
    }
}
