package io.mcphost.eras;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.Era;
import io.mcphost.client.ListKind;
import io.mcphost.client.McpClient;
import io.mcphost.client.ResourceSubscription;
import io.mcphost.protocol.resources.ResourceUpdatedNotificationParams;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.eras.EraHttpServer;
import io.mcphost.testkit.eras.EraMode;
import io.mcphost.testkit.eras.EraStdioServer;
import io.mcphost.transport.http.HttpTransport;
import io.mcphost.transport.stdio.StdioTransport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * subscriptions/listen (revision 2026-07-28) behind the unchanged APIs: {@code onListChanged} and
 * {@code subscribeResource} hear a modern server's changes; a changed subscription replaces the
 * stream; a stream the server drops is opened again.
 */
class ListenStreamTest {
    private static final Duration WAIT = Duration.ofSeconds(10);

    @Test
    void listChangesAndResourceUpdatesReachTheSameListenersOverStdio() {
        List<ListKind> changed = new CopyOnWriteArrayList<>();
        List<ResourceUpdatedNotificationParams> updates = new CopyOnWriteArrayList<>();
        try (McpClient client = McpClient.builder(StdioTransport.builder(EraStdioServer.command(EraMode.MODERN)).build())
                .onListChanged(changed::add).connect()) {
            assertThat(client.era()).isEqualTo(Era.MODERN);
            ResourceSubscription subscription = client.subscribeResource("file:///a", updates::add);
            client.callToolWith("touch", Map.of("uri", "file:///a"));
            Await.until(WAIT, () -> !updates.isEmpty() && changed.contains(ListKind.TOOLS), "the update and the list change");
            subscription.close();
            updates.clear();
            client.callToolWith("touch", Map.of("uri", "file:///a"));
            Await.until(WAIT, () -> changed.size() >= 2, "the second list change");
            assertThat(updates).as("no update after the subscription closed, none twice from a replaced stream").isEmpty();
        }
    }

    private static long listens(EraHttpServer server) {
        return server.requestHeaders().stream().filter(h -> "subscriptions/listen".equals(h.get("mcp-method"))).count();
    }

    @Test
    void aDroppedStreamIsOpenedAgainOverHttp() {
        List<ResourceUpdatedNotificationParams> updates = new CopyOnWriteArrayList<>();
        try (EraHttpServer server = EraHttpServer.start(EraMode.MODERN);
             McpClient client = McpClient.builder(HttpTransport.builder(server.url()).build()).connect()) {
            client.subscribeResource("file:///b", updates::add);
            Await.until(WAIT, () -> server.listeners() == 1, "one listen stream (the replaced one cancelled)");
            long opened = listens(server);
            server.dropListenStreams();
            Await.until(WAIT, () -> listens(server) > opened && server.listeners() == 1, "the client to open the stream again");
            client.callToolWith("touch", Map.of("uri", "file:///b"));
            Await.until(WAIT, () -> updates.size() == 1, "the update on the new stream");
        }
    }
}
