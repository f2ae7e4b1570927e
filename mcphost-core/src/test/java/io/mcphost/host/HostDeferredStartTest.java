package io.mcphost.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link McpHostBuilder#startOnly}, {@link McpHost#startServers} and {@link McpHost#serverForScheme}: a host
 * that starts only the servers a task needs. The servers here fail to build their transport (nothing runs),
 * which is enough to see which were started.
 */
class HostDeferredStartTest {
    private final AtomicInteger alphaStarts = new AtomicInteger();
    private final AtomicInteger betaStarts = new AtomicInteger();

    private McpHostBuilder twoServers() {
        return McpHost.builder()
                .server(ServerSpec.builder("alpha", () -> {
                    alphaStarts.incrementAndGet();
                    throw new IllegalStateException("alpha cannot start here");
                }).build())
                .server(ServerSpec.builder("beta", () -> {
                    betaStarts.incrementAndGet();
                    throw new IllegalStateException("beta cannot start here");
                }).prefix("notes").required(true).build());
    }

    @Test
    void onlyTheNamedServersStartAndTheOthersWaitUnseen() {
        try (McpHost host = twoServers().startOnly(List.of("alpha"))) {
            assertThat(host.servers()).extracting(ServerStatus::name).containsExactly("alpha");
            assertThat(host.deferredServers()).containsExactly("beta");
            assertThat(alphaStarts).hasValue(1);
            assertThat(betaStarts).as("a deferred required server is not started, so it cannot fail the start").hasValue(0);
        }
    }

    @Test
    void startServersStartsTheDeferredOnesAndReportsRatherThanThrows() {
        try (McpHost host = twoServers().startOnly(List.of())) {
            List<ServerStatus> started = host.startServers(List.of("beta", "alpha"));

            assertThat(started).extracting(ServerStatus::name).containsExactly("beta", "alpha");
            assertThat(started).allSatisfy(s -> assertThat(s.state()).isEqualTo(ServerState.FAILED));
            assertThat(host.deferredServers()).isEmpty();
            assertThat(host.startServers(List.of("alpha"))).as("already started: skipped").hasSize(1);
            assertThat(alphaStarts).hasValue(1);
        }
    }

    @Test
    void anUnknownNameIsRefusedWithTheKnownOnes() {
        assertThatThrownBy(() -> twoServers().startOnly(List.of("gamma")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no server is named 'gamma'; the servers are: alpha, beta");
        try (McpHost host = twoServers().startOnly(List.of())) {
            assertThatThrownBy(() -> host.startServers(List.of("gamma"))).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void aUrisSchemeNamesAServerByNameThenByPrefixStartedOrNot() {
        try (McpHost host = twoServers().startOnly(List.of("alpha"))) {
            assertThat(host.serverForScheme("ALPHA://x")).contains("alpha");
            assertThat(host.serverForScheme("notes://today")).as("beta's prefix, beta deferred").contains("beta");
            assertThat(host.serverForScheme("file:///tmp/x")).isEmpty();
            assertThat(host.serverForScheme("no scheme")).isEmpty();
            assertThat(host.serverForUri("alpha://x")).as("nothing READY lists it").isEmpty();
        }
    }

    @Test
    void aDeferredServerCanBeRemovedAndItsNameNotReused() {
        try (McpHost host = twoServers().startOnly(List.of())) {
            assertThatThrownBy(() -> host.addServer(ServerSpec.builder("beta", () -> null).build()))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThat(host.removeServer("beta")).isTrue();
            assertThat(host.deferredServers()).containsExactly("alpha");
        }
    }
}
