package io.mcphost.transport.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.mcphost.client.McpClient;
import io.mcphost.protocol.McpTransportException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A server that cannot be reached says why, in every HTTP mode (Streamable HTTP, the HTTP+SSE fallback, and
 * HTTP+SSE alone): a host name that does not resolve is named as one, never as a refused connection, and a
 * refused connection stays one. {@code .invalid} never resolves (RFC 2606): no network is needed.
 */
class UnreachableHostTest {

    @ParameterizedTest
    @EnumSource(HttpTransport.Mode.class)
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aHostNameThatDoesNotResolveIsNamed(HttpTransport.Mode mode) {
        McpTransportException e = connect("http://no-such-host.invalid/mcp", mode);

        assertThat(e.getMessage()).contains("http://no-such-host.invalid/mcp")
                .contains("the host name 'no-such-host.invalid' does not resolve")
                .doesNotContainIgnoringCase("refused").doesNotContain("Exception");
    }

    @ParameterizedTest
    @EnumSource(HttpTransport.Mode.class)
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aRefusedConnectionStaysOne(HttpTransport.Mode mode) throws IOException {
        int port;
        try (ServerSocket unused = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = unused.getLocalPort(); // closed again below: nothing listens there
        }
        McpTransportException e = connect("http://127.0.0.1:" + port + "/mcp", mode);

        assertThat(e.getMessage()).contains("http://127.0.0.1:" + port + "/mcp").containsIgnoringCase("connection refused")
                .doesNotContain("does not resolve");
        assertThat(e.reachedNoServer()).as("nothing listens there").isTrue();
        assertThat(new McpTransportException("s", "the stream broke").reachedNoServer()).isFalse();
    }

    @org.junit.jupiter.api.Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aClientPinnedToTheModernEraSaysTheHostDoesNotResolveNotThatTheServerIsNotModern() {
        HttpTransport transport = HttpTransport.builder("http://no-such-host.invalid/mcp").connectTimeout(Duration.ofSeconds(20)).build();
        try (McpClient client = McpClient.builder(transport).era(io.mcphost.protocol.Era.MODERN).build()) {
            McpTransportException e = catchThrowableOfType(McpTransportException.class, client::connect);
            assertThat(e.getMessage()).contains("the host name 'no-such-host.invalid' does not resolve")
                    .doesNotContain("does not speak");
            assertThat(e.reachedNoServer()).isTrue();
        }
    }

    private static McpTransportException connect(String url, HttpTransport.Mode mode) {
        HttpTransport transport = HttpTransport.builder(url).mode(mode).connectTimeout(Duration.ofSeconds(20)).build();
        try (McpClient client = McpClient.builder(transport).build()) {
            return catchThrowableOfType(McpTransportException.class, client::connect);
        }
    }
}
