package io.mcphost.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.resources.Resource;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.NpmFixtures;
import io.mcphost.transport.stdio.StdioTransport;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Subscriptions and list changes against the reference server over stdio, in a process of its own
 * (its update switch is per process). Its {@code toggle-subscriber-updates} tool sends
 * {@code notifications/resources/updated} for every subscribed URI at once, in subscription order,
 * then every 5 s; it registers tools after {@code notifications/initialized}, announcing each with
 * {@code notifications/tools/list_changed}.
 */
@Timeout(60)
class EverythingSubscriptionsTest {
    private static final String TOGGLE = "toggle-subscriber-updates";

    private final List<ListKind> listChanges = new CopyOnWriteArrayList<>();
    private McpClient client;

    @BeforeEach
    void connect() {
        List<String> command = NpmFixtures.everythingStdio();
        StdioTransport transport = StdioTransport.builder(command.getFirst(),
                command.subList(1, command.size()).toArray(String[]::new)).name("everything").build();
        client = McpClient.builder(transport).name("everything").requestTimeout(Duration.ofSeconds(20))
                .onListChanged(listChanges::add).connect();
    }

    @AfterEach
    void close() {
        client.close();
    }

    @Test
    void updatesReachTheListenersOfTheirUriAndStopWithTheSubscription() {
        List<Resource> resources = client.listResources();
        String first = resources.get(0).uri();
        String second = resources.get(1).uri();
        List<String> firstUpdates = new CopyOnWriteArrayList<>();
        List<String> secondUpdates = new CopyOnWriteArrayList<>();
        ResourceSubscription firstSubscription = client.subscribeResource(first, u -> firstUpdates.add(u.uri()));
        client.subscribeResource(second, u -> secondUpdates.add(u.uri()));

        client.callTool(TOGGLE, null); // on: one update per subscribed URI now
        Await.until(Duration.ofSeconds(10), () -> !firstUpdates.isEmpty() && !secondUpdates.isEmpty(), "the first updates");
        assertThat(firstUpdates).containsOnly(first);
        assertThat(secondUpdates).containsOnly(second);

        firstSubscription.close(); // the last listener of the first URI: resources/unsubscribe
        int firstCount = firstUpdates.size();
        int secondCount = secondUpdates.size();
        client.callTool(TOGGLE, null); // off
        client.callTool(TOGGLE, null); // on again: an update for the second URI only
        Await.until(Duration.ofSeconds(10), () -> secondUpdates.size() > secondCount, "an update after unsubscribing");

        // The server walks its subscriptions in subscription order: an update of the first URI would
        // have come before this one.
        assertThat(firstUpdates).hasSize(firstCount);
        assertThat(firstSubscription.isActive()).isFalse();
        client.callTool(TOGGLE, null); // off
    }

    @Test
    void toolsRegisteredAfterTheHandshakeAreAnnouncedAsAListChange() {
        Await.until(Duration.ofSeconds(10), () -> listChanges.contains(ListKind.TOOLS), "tools/list_changed");

        assertThat(client.listTools()).extracting(t -> t.name()).contains("simulate-research-query");
    }
}
