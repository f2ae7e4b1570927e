package io.mcphost.transport.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.McpClient;
import io.mcphost.config.McpConfig;
import io.mcphost.config.McpConfigLoader;
import io.mcphost.host.McpHost;
import io.mcphost.host.ServerState;
import io.mcphost.host.ServerStatus;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.content.TextContent;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.server.http.StreamableHttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.Objects;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code https://} end to end: the toolkit's server with TLS, McpHost's client trusting its
 * self-signed certificate (src/test/resources/tls, see the README there) through
 * {@link HttpTransport.Builder#sslContext}; and, trusting only the JDK's default authorities, a
 * connection that fails at once, saying why.
 */
@Timeout(30)
class HttpsTransportTest {
    private static final char[] PASSWORD = "mcphost-test".toCharArray();

    @ParameterizedTest
    @EnumSource(Era.class)
    void aToolIsCalledOverTlsWithTheSelfSignedCertificateTrusted(Era era) {
        try (StreamableHttpServer server = StreamableHttpServer.builder(DemoServer.server()).tls(serverContext()).start()) {
            assertThat(server.endpoint().getScheme()).isEqualTo("https");
            try (McpClient client = McpClient.builder(HttpTransport.builder(server.endpoint()).name("demo")
                            .sslContext(trustingTheTestCertificate()).build())
                    .era(era).requestTimeout(Duration.ofSeconds(10)).connect()) {

                assertThat(text(client.callTool("echo", JsonCodec.get().newObject().put("text", "over tls")))).isEqualTo("over tls");
            }
        }
    }

    @Test
    void aHostNameInTheUrlIsCheckedAgainstTheCertificateToo() {
        try (StreamableHttpServer server = StreamableHttpServer.builder(DemoServer.server()).tls(serverContext()).start()) {
            // "localhost" goes out as SNI and is matched against the certificate's DNS entry, not its IP entry.
            URI byName = URI.create("https://localhost:" + server.endpoint().getPort() + "/mcp");
            try (McpClient client = McpClient.builder(HttpTransport.builder(byName).name("demo")
                            .sslContext(trustingTheTestCertificate()).build())
                    .era(Era.LEGACY).requestTimeout(Duration.ofSeconds(10)).connect()) {

                assertThat(text(client.callTool("echo", JsonCodec.get().newObject().put("text", "by name")))).isEqualTo("by name");
            }
        }
    }

    @Test
    void aTrustedCertificateThatDoesNotNameTheHostIsRefused() throws Exception {
        // 127.0.0.2 is loopback too, but the certificate names only localhost and 127.0.0.1.
        try (StreamableHttpServer server = StreamableHttpServer.builder(DemoServer.server()).tls(serverContext())
                .bindAddress(java.net.InetAddress.getByName("127.0.0.2")).start()) {

            assertThatThrownBy(() -> McpClient.builder(HttpTransport.builder(server.endpoint())
                            .sslContext(trustingTheTestCertificate()).build())
                    .name("elsewhere").era(Era.LEGACY).requestTimeout(Duration.ofSeconds(20)).connect())
                    .isInstanceOf(McpException.class)
                    .hasMessageContaining("TLS handshake failed").hasMessageContaining("certificate is not trusted for this host");
        }
    }

    @Test
    void plainHttpToTheTlsPortFailsAtOnce() {
        try (StreamableHttpServer server = StreamableHttpServer.builder(DemoServer.server()).tls(serverContext()).start()) {
            URI plain = URI.create("http://127.0.0.1:" + server.endpoint().getPort() + "/mcp");
            long start = System.nanoTime();

            assertThatThrownBy(() -> McpClient.builder(HttpTransport.builder(plain).build())
                    .name("plain").era(Era.LEGACY).requestTimeout(Duration.ofSeconds(20)).connect())
                    .isInstanceOf(McpException.class).hasMessageContaining("server 'plain'");
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
            assertThat(server.initializeCount()).isZero();
        }
    }

    @Test
    void withTheDefaultTrustTheConnectionFailsAtOnceNamingTheCertificateTrouble() {
        try (StreamableHttpServer server = StreamableHttpServer.builder(DemoServer.server()).tls(serverContext()).start()) {
            long start = System.nanoTime();

            assertThatThrownBy(() -> McpClient.builder(HttpTransport.builder(server.endpoint()).name("untrusted").build())
                    .name("untrusted").era(Era.LEGACY).requestTimeout(Duration.ofSeconds(20)).initializeTimeout(Duration.ofSeconds(20)).connect())
                    .isInstanceOf(McpException.class)
                    .hasMessageContaining("untrusted")
                    .hasMessageContaining("TLS handshake failed").hasMessageContaining("certificate is not trusted");
            // A refused handshake is an answer, not a silence to wait out.
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
            assertThat(server.initializeCount()).isZero();
        }
    }

    @Test
    void anHttpsEntryOfMcpJsonTakesTheSamePathAndFailsTheSameWayWithoutTrust() {
        try (StreamableHttpServer server = StreamableHttpServer.builder(DemoServer.server()).tls(serverContext()).start()) {
            // An Authorization header makes the entry authenticate itself, so no OAuth token store is read.
            McpConfig config = McpConfigLoader.builder().env(name -> null).build().parse("""
                    {"mcpServers": {"remote": {"type": "http", "url": "%s",
                                               "headers": {"Authorization": "Bearer test"}}}}
                    """.formatted(server.endpoint()), "mcp.json");
            try (McpHost host = McpHost.fromConfig(config).failOpen(true).startupTimeout(Duration.ofSeconds(20)).start()) {
                ServerStatus remote = host.server("remote").orElseThrow();

                assertThat(remote.state()).isEqualTo(ServerState.FAILED);
                assertThat(remote.lastErrorMessage()).hasValueSatisfying(m -> assertThat(m)
                        .contains("TLS handshake failed").contains("certificate is not trusted"));
            }
        }
    }

    private static String text(CallToolResult result) {
        return ((TextContent) result.content().getFirst()).text();
    }

    private static KeyStore testKeyStore() {
        try (InputStream in = Objects.requireNonNull(HttpsTransportTest.class.getResourceAsStream("/tls/localhost.p12"),
                "tls/localhost.p12")) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, PASSWORD);
            return store;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The server's side: the test key and its self-signed certificate. */
    private static SSLContext serverContext() {
        try {
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(testKeyStore(), PASSWORD);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys.getKeyManagers(), null, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The client's side: trusts the test certificate and nothing else. */
    private static SSLContext trustingTheTestCertificate() {
        try {
            KeyStore trusted = KeyStore.getInstance("PKCS12");
            trusted.load(null, null);
            trusted.setCertificateEntry("localhost", testKeyStore().getCertificate("localhost"));
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(trusted);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
