package io.mcphost.client;

import io.mcphost.protocol.Era;
import static io.mcphost.server.Fixtures.echoServer;
import static io.mcphost.server.Fixtures.fullServer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.ListKind;
import io.mcphost.client.McpClient;
import io.mcphost.client.ResourceSubscription;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcNotification;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.McpCapabilityException;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.modern.ModernMethods;
import io.mcphost.protocol.resources.ResourceUpdatedNotificationParams;
import io.mcphost.server.McpServer;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.RecordingTransport;
import io.mcphost.transport.Transport;
import io.mcphost.transport.http.HttpTransport;
import io.mcphost.transport.memory.MemoryTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Resource subscriptions and list-changed notifications end to end: our client against our server
 * toolkit, in process (the server's side of the memory pair records what reaches it) and over HTTP.
 */
@Timeout(30)
class ResourceSubscriptionsTest {
    private static final String README = "test://readme";
    private static final String NOTE = "test://notes/a";

    private final List<AutoCloseable> toClose = new ArrayList<>();
    /** Methods of the requests that reached the server, in order. */
    private final List<RecordingTransport> recordings = new CopyOnWriteArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    private McpClient connect(McpServer server, Era era) {
        var pair = MemoryTransport.pair();
        toClose.add(server.serve(recorded(pair.server())));
        McpClient client = McpClient.builder(pair.client()).name("test").era(era).connect();
        toClose.add(client);
        assertThat(client.era()).isEqualTo(era);
        return client;
    }

    /** The server's end of a transport, recorded so a test sees every request that reaches the server. */
    private RecordingTransport recorded(Transport serverEnd) {
        RecordingTransport recording = new RecordingTransport(serverEnd);
        recordings.add(recording);
        return recording;
    }

    private List<String> subscriptionRequests() {
        return recordings.stream().flatMap(r -> r.receivedMethods().stream()).filter(m -> m.startsWith("resources/") && m.contains("subscribe")).toList();
    }

    @ParameterizedTest
    @EnumSource(value = Era.class, names = {"LEGACY", "MODERN"})
    void aSubscriberHearsOfChangesToItsResourceAndOnlyItsSubscribersAreTold(Era era) {
        McpServer server = fullServer().build();
        McpClient readmeWatcher = connect(server, era);
        McpClient noteWatcher = connect(server, era);
        List<String> readmeUpdates = new CopyOnWriteArrayList<>();
        List<String> noteUpdates = new CopyOnWriteArrayList<>();

        readmeWatcher.subscribeResource(README, u -> readmeUpdates.add(u.uri()));
        noteWatcher.subscribeResource(NOTE, u -> noteUpdates.add(u.uri()));

        assertThat(server.notifyResourceUpdated(README)).isEqualTo(1);
        assertThat(server.notifyResourceUpdated(NOTE)).isEqualTo(1);
        Await.until(Duration.ofSeconds(5), () -> readmeUpdates.size() == 1 && noteUpdates.size() == 1, "readmeUpdates.size() == 1 && noteUpdates.size() == 1");
        // Each session hears of its own resource only (the notes update came after the readme one).
        assertThat(readmeUpdates).containsExactly(README);
        assertThat(noteUpdates).containsExactly(NOTE);
        assertThat(server.notifyResourceUpdated("test://notes/unwatched")).isZero();
    }

    @ParameterizedTest
    @EnumSource(value = Era.class, names = {"LEGACY", "MODERN"})
    void listenersOfOneUriShareOneServerSubscriptionWhichEndsWithTheLast(Era era) {
        McpServer server = fullServer().build();
        List<JsonRpcNotification> raw = new CopyOnWriteArrayList<>();
        var pair = MemoryTransport.pair();
        toClose.add(server.serve(recorded(pair.server())));
        McpClient client = McpClient.builder(pair.client()).name("test").era(era).onNotification(raw::add).connect();
        // Legacy: one resources/subscribe and one resources/unsubscribe; modern: the URI rides on the
        // subscriptions/listen stream, and no resources/(un)subscribe exists.
        List<String> subscribe = era == Era.LEGACY ? List.of(McpMethod.RESOURCES_SUBSCRIBE) : List.of();
        List<String> both = era == Era.LEGACY
                ? List.of(McpMethod.RESOURCES_SUBSCRIBE, McpMethod.RESOURCES_UNSUBSCRIBE) : List.of();
        toClose.add(client);
        List<String> first = new CopyOnWriteArrayList<>();
        List<String> second = new CopyOnWriteArrayList<>();

        ResourceSubscription a = client.subscribeResource(README, u -> first.add(u.uri()));
        ResourceSubscription b = client.subscribeResource(README, u -> second.add(u.uri()));
        assertThat(subscriptionRequests()).isEqualTo(subscribe);
        assertThat(a.isActive()).isTrue();
        assertThat(a.uri()).isEqualTo(README);

        server.notifyResourceUpdated(README);
        Await.until(Duration.ofSeconds(5), () -> first.size() == 1 && second.size() == 1, "first.size() == 1 && second.size() == 1");

        a.close();
        assertThat(a.isActive()).isFalse();
        assertThat(subscriptionRequests()).isEqualTo(subscribe);
        assertThat(server.notifyResourceUpdated(README)).isEqualTo(1);
        Await.until(Duration.ofSeconds(5), () -> second.size() == 2, "second.size() == 2");
        assertThat(first).hasSize(1);

        b.close();
        b.close(); // idempotent
        assertThat(subscriptionRequests()).isEqualTo(both);
        assertThat(server.notifyResourceUpdated(README)).isZero();
        // onNotification keeps receiving the updates too.
        Await.until(Duration.ofSeconds(5), () -> raw.stream().filter(n -> n.method().equals(McpMethod.NOTIFICATIONS_RESOURCES_UPDATED)).count() == 2, "raw.stream().filter(n -> n.method().equals(McpMethod.NOTIFICATIONS_RESOURCES_UPDATED)).count() == 2");
    }

    @ParameterizedTest
    @EnumSource(value = Era.class, names = {"LEGACY", "MODERN"})
    void aServerWithoutSubscriptionsIsRefusedBeforeAnythingIsSent(Era era) {
        McpClient client = connect(echoServer().build(), era);

        assertThatThrownBy(() -> client.subscribeResource(README, u -> { }))
                .isInstanceOf(McpCapabilityException.class).hasMessageContaining("resources.subscribe");
        assertThat(subscriptionRequests()).isEmpty();
    }

    @Test
    void anUnknownResourceIsTheServersErrorAndLeavesNothingBehind() {
        McpServer server = fullServer().build();
        // Legacy: only resources/subscribe is a request the server can refuse (a modern listen filter is not checked).
        McpClient client = connect(server, Era.LEGACY);

        assertThatThrownBy(() -> client.subscribeResource("test://nowhere", u -> { }))
                .isInstanceOf(McpError.class).satisfies(e -> assertThat(((McpError) e).code()).isEqualTo(-32002));

        // The failed URI holds no state: a later subscription to it is tried afresh.
        assertThatThrownBy(() -> client.subscribeResource("test://nowhere", u -> { })).isInstanceOf(McpError.class);
        assertThat(subscriptionRequests()).containsExactly(McpMethod.RESOURCES_SUBSCRIBE, McpMethod.RESOURCES_SUBSCRIBE);
    }

    @ParameterizedTest
    @EnumSource(value = Era.class, names = {"LEGACY", "MODERN"})
    void theAsyncTwinsSubscribeAndUnsubscribeWithoutBlocking(Era era) throws Exception {
        McpServer server = fullServer().build();
        McpClient client = connect(server, era);
        List<String> updates = new CopyOnWriteArrayList<>();

        CompletableFuture<ResourceSubscription> pending = client.subscribeResourceAsync(NOTE, u -> updates.add(u.uri()));
        ResourceSubscription subscription = pending.get(5, TimeUnit.SECONDS);
        server.notifyResourceUpdated(NOTE);
        Await.until(Duration.ofSeconds(5), () -> updates.size() == 1, "updates.size() == 1");

        subscription.closeAsync().get(5, TimeUnit.SECONDS);
        assertThat(server.notifyResourceUpdated(NOTE)).isZero();
    }

    @ParameterizedTest
    @EnumSource(value = Era.class, names = {"LEGACY", "MODERN"})
    void closingTheClientEndsItsSubscriptionsWithoutTellingTheServer(Era era) {
        McpServer server = fullServer().build();
        McpClient client = connect(server, era);
        ResourceSubscription subscription = client.subscribeResource(README, u -> { });

        client.close();
        subscription.close();

        assertThat(subscription.isActive()).isFalse();
        assertThat(subscriptionRequests())
                .isEqualTo(era == Era.LEGACY ? List.of(McpMethod.RESOURCES_SUBSCRIBE) : List.of());
    }

    @ParameterizedTest
    @EnumSource(value = Era.class, names = {"LEGACY", "MODERN"})
    void listChangesReachOnListChangedAndOnNotification(Era era) {
        McpServer server = fullServer().build();
        List<ListKind> changes = new CopyOnWriteArrayList<>();
        List<String> notifications = new CopyOnWriteArrayList<>();
        var pair = MemoryTransport.pair();
        toClose.add(server.serve(pair.server()));
        McpClient client = McpClient.builder(pair.client()).name("test").era(era).onListChanged(changes::add)
                .onNotification(n -> notifications.add(n.method())).connect();
        toClose.add(client);
        if (era == Era.MODERN) {
            // The list changes ride on the subscriptions/listen stream the client opens after connecting:
            // changes made before the server acknowledged it are not the client's to hear.
            Await.until(Duration.ofSeconds(5), () -> notifications.remove(ModernMethods.NOTIFICATIONS_SUBSCRIPTIONS_ACKNOWLEDGED),
                    "the listen stream's acknowledgement");
        }

        server.notifyToolsListChanged();
        server.notifyPromptsListChanged();
        server.notifyResourcesListChanged();

        Await.until(Duration.ofSeconds(5), () -> changes.size() == 3, "changes.size() == 3");
        assertThat(changes).containsExactly(ListKind.TOOLS, ListKind.PROMPTS, ListKind.RESOURCES);
        assertThat(notifications).containsExactly(McpMethod.NOTIFICATIONS_TOOLS_LIST_CHANGED,
                McpMethod.NOTIFICATIONS_PROMPTS_LIST_CHANGED, McpMethod.NOTIFICATIONS_RESOURCES_LIST_CHANGED);
    }

    @Test
    void subscriptionsSurviveTheTransparentReinitialisationOfAnExpiredHttpSession() {
        McpServer server = fullServer().build();
        StreamableHttpServer http = StreamableHttpServer.builder(server).start();
        toClose.add(http);
        // Legacy: HTTP sessions, their expiry and resources/subscribe exist only there.
        McpClient client = McpClient.builder(HttpTransport.builder(http.endpoint()).name("test").build())
                .name("test").era(Era.LEGACY).requestTimeout(Duration.ofSeconds(10)).connect();
        toClose.add(client);
        List<String> updates = new CopyOnWriteArrayList<>();
        client.subscribeResource(README, u -> updates.add(u.uri()));
        server.notifyResourceUpdated(README);
        Await.until(Duration.ofSeconds(5), () -> updates.size() == 1, "updates.size() == 1");

        http.expireAllSessions();
        assertThat(server.notifyResourceUpdated(README)).isZero(); // the old session and its subscription are gone
        client.ping(); // meets the expiry, re-initialises, and the client subscribes again

        assertThat(http.initializeCount()).isEqualTo(2);
        Await.until(Duration.ofSeconds(5), () -> server.notifyResourceUpdated(README) == 1, "server.notifyResourceUpdated(README) == 1");
        Await.until(Duration.ofSeconds(5), () -> updates.size() >= 2, "updates.size() >= 2");
    }
}
