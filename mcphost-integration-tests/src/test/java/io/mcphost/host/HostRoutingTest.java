package io.mcphost.host;

import static io.mcphost.host.HostFixtures.args;
import static io.mcphost.host.HostFixtures.inProcess;
import static io.mcphost.host.HostFixtures.labelled;
import static io.mcphost.host.HostFixtures.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.CallOptions;
import io.mcphost.host.HostEvent;
import io.mcphost.host.HostTool;
import io.mcphost.host.McpHost;
import io.mcphost.host.ServerState;
import io.mcphost.host.ToolCallInterceptor;
import io.mcphost.host.ToolFilter;
import io.mcphost.host.ToolNaming;
import io.mcphost.protocol.McpNotFoundException;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.server.demo.DemoServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Catalog, routing, filters, interceptors and events of an {@link McpHost} over in-process servers. */
class HostRoutingTest {
    private final List<AutoCloseable> toClose = new CopyOnWriteArrayList<>();
    private final List<HostEvent> events = new CopyOnWriteArrayList<>();

    private final List<McpHost> hosts = new CopyOnWriteArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        hosts.forEach(McpHost::close); // hosts first: a server closed under a live host would be reconnected
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    private McpHostBuilder twoServers() {
        return McpHost.builder()
                .server(inProcess("alpha", () -> labelled("alpha", "echo", "only_alpha"), toClose).build())
                .server(inProcess("beta", () -> labelled("beta", "echo", "write_file"), toClose).build())
                .onEvent(events::add);
    }

    private McpHost started(McpHostBuilder builder) {
        McpHost host = builder.start();
        hosts.add(host);
        return host;
    }

    @Test
    void toolsOfAllServersArePrefixedAndEachCallReachesItsOwnServer() {
        McpHost host = started(twoServers());

        assertThat(host.tools()).extracting(HostTool::name)
                .containsExactly("alpha__echo", "alpha__only_alpha", "beta__echo", "beta__write_file");
        assertThat(text(host.callTool("alpha__echo", args("text", "hi")))).isEqualTo("alpha:echo:hi");
        assertThat(text(host.callTool("beta__echo", args("text", "hi")))).isEqualTo("beta:echo:hi");
        assertThat(host.servers()).extracting(s -> s.state()).containsOnly(ServerState.READY);
        assertThat(host.servers()).extracting(s -> s.toolCount()).containsExactly(2, 2);
        assertThat(host.server("alpha").orElseThrow().serverInfo().orElseThrow().name()).isEqualTo("alpha");
    }

    @Test
    void unprefixedNamesThatCollideAreResolvedAndReportedNeverOverwritten() {
        McpHost host = started(twoServers().naming(ToolNaming.unprefixed()));

        List<String> names = host.tools().stream().map(HostTool::name).toList();
        assertThat(names).doesNotHaveDuplicates().hasSize(4).contains("only_alpha", "write_file");
        assertThat(host.catalog().collisions()).isNotEmpty();
        // Every exposed name still routes to exactly the tool it names.
        for (HostTool tool : host.tools()) {
            assertThat(text(host.callTool(tool.name(), args("text", "x"))))
                    .isEqualTo(tool.server() + ":" + tool.originalName() + ":x");
        }
    }

    @Test
    void anUnknownNameFailsWithADidYouMean() {
        McpHost host = started(twoServers());

        assertThatThrownBy(() -> host.callTool("alpha__ecko", args()))
                .isInstanceOfSatisfying(McpNotFoundException.class, e -> {
                    assertThat(e.suggestion()).contains("alpha__echo");
                    assertThat(e.getMessage()).contains("alpha__ecko").contains("did you mean 'alpha__echo'");
                });
    }

    @Test
    void filtersHideToolsFromTheListAndFromCalls() {
        McpHost host = started(McpHost.builder()
                .server(inProcess("alpha", () -> labelled("alpha", "echo", "only_alpha"), toClose).denyTools("only_*").build())
                .server(inProcess("beta", () -> labelled("beta", "echo", "write_file"), toClose).build())
                .toolFilter(ToolFilter.deny("write_file")));

        assertThat(host.tools()).extracting(HostTool::name).containsExactly("alpha__echo", "beta__echo");
        assertThatThrownBy(() -> host.callTool("beta__write_file", args())).isInstanceOf(McpNotFoundException.class)
                .hasMessageContaining("beta__write_file");
        assertThatThrownBy(() -> host.callTool("alpha__only_alpha", args())).isInstanceOf(McpNotFoundException.class);
    }

    @Test
    void interceptorsRunInOrderAndCanChangeArgumentsOrRefuse() {
        List<String> order = new ArrayList<>();
        ToolCallInterceptor outer = chain -> {
            order.add("outer:" + chain.call().name());
            return chain.proceed(chain.call().withArguments(args("text", "changed")));
        };
        ToolCallInterceptor approval = chain -> {
            order.add("approval:" + chain.call().arguments().path("text").asString());
            return chain.call().toolName().equals("write_file")
                    ? CallToolResult.error("denied by the user: writing is not allowed")
                    : chain.proceed(chain.call());
        };
        McpHost host = started(twoServers().interceptor(outer).interceptor(approval));

        assertThat(text(host.callTool("alpha__echo", args("text", "original")))).isEqualTo("alpha:echo:changed");
        CallToolResult denied = host.callTool("beta__write_file", args());
        assertThat(denied.isError()).isTrue();
        assertThat(text(denied)).contains("denied by the user");
        assertThat(order).containsExactly("outer:alpha__echo", "approval:changed", "outer:beta__write_file", "approval:changed");
    }

    @Test
    void theChainRefusesAnInterceptorThatProceedsTwiceOrRedirectsTheCall() {
        McpHost twice = started(twoServers().interceptor(chain -> {
            chain.proceed(chain.call());
            return chain.proceed(chain.call());
        }));
        assertThatThrownBy(() -> twice.callTool("alpha__echo", args())).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("more than once");

        McpHost redirect = started(McpHost.builder()
                .server(inProcess("gamma", () -> labelled("gamma", "echo"), toClose).build())
                .interceptor(chain -> chain.proceed(new io.mcphost.host.ToolInvocation(chain.call().callId(),
                        chain.call().name(), chain.call().server(), "other", chain.call().arguments(), chain.call().options()))));
        assertThatThrownBy(() -> redirect.callTool("gamma__echo", args())).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("never where");
    }

    @Test
    void everyCallStartedIsPairedWithOneFinishedOrFailedEvent() {
        McpHost host = started(McpHost.builder()
                .server(inProcess("demo", DemoServer::server, toClose).build())
                .onEvent(events::add));

        host.callTool("demo__echo", args("text", "a"));
        CallToolResult failed = host.callTool("demo__fail", args());
        assertThatThrownBy(() -> host.callTool("demo__slow_task", args("steps", 50, "delayMs", 100),
                CallOptions.timeout(Duration.ofMillis(1000)))).isInstanceOf(io.mcphost.protocol.McpTimeoutException.class);

        assertThat(failed.isError()).isTrue();
        var started = events.stream().filter(e -> e instanceof HostEvent.ToolCallStarted).map(e -> (HostEvent.ToolCallStarted) e).toList();
        var finished = events.stream().filter(e -> e instanceof HostEvent.ToolCallFinished).map(e -> (HostEvent.ToolCallFinished) e).toList();
        var failures = events.stream().filter(e -> e instanceof HostEvent.ToolCallFailed).map(e -> (HostEvent.ToolCallFailed) e).toList();
        assertThat(started).hasSize(3);
        assertThat(finished).extracting(HostEvent.ToolCallFinished::callId).containsExactly(started.get(0).callId(), started.get(1).callId());
        assertThat(finished).extracting(HostEvent.ToolCallFinished::isError).containsExactly(false, true);
        assertThat(failures).singleElement().satisfies(f -> assertThat(f.callId()).isEqualTo(started.get(2).callId()));
        assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOf(HostEvent.ServerReady.class));
        assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOf(HostEvent.CallProgress.class));
    }

    @Test
    void promptsAndResourcesAreRoutedToTheServerThatOffersThem() {
        McpHost host = started(McpHost.builder()
                .server(inProcess("demo", DemoServer::server, toClose).build())
                .server(inProcess("alpha", () -> labelled("alpha", "echo"), toClose).build()));

        assertThat(host.prompts()).isNotEmpty().allSatisfy(p -> assertThat(p.name()).startsWith("demo__"));
        var prompt = host.prompts().getFirst();
        Map<String, String> promptArgs = new java.util.HashMap<>();
        prompt.prompt().arguments().forEach(a -> promptArgs.put(a.name(), "x"));
        assertThat(host.getPrompt(prompt.name(), promptArgs).messages()).isNotEmpty();
        var resource = host.resources().getFirst();
        assertThat(resource.server()).isEqualTo("demo");
        assertThat(host.readResource(resource.resource().uri()).contents()).isNotEmpty();
        assertThatThrownBy(() -> host.readResource("nowhere://x")).isInstanceOf(McpNotFoundException.class);
    }

    @Test
    void serversCanBeAddedRemovedAndRestartedAtRuntime() {
        McpHost host = started(twoServers());

        var added = host.addServer(inProcess("gamma", () -> labelled("gamma", "echo"), toClose).build());
        assertThat(added.state()).isEqualTo(ServerState.READY);
        assertThat(text(host.callTool("gamma__echo", args("text", "1")))).isEqualTo("gamma:echo:1");

        assertThat(host.removeServer("alpha")).isTrue();
        assertThat(host.tools()).extracting(HostTool::server).doesNotContain("alpha");
        assertThat(host.servers()).extracting(s -> s.name()).containsExactly("beta", "gamma");

        var restarted = host.restartServer("beta");
        assertThat(restarted.state()).isEqualTo(ServerState.READY);
        assertThat(text(host.callTool("beta__echo", args("text", "2")))).isEqualTo("beta:echo:2");
        assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(HostEvent.ServerStopped.class,
                s -> assertThat(s.server()).isEqualTo("alpha")));
    }
}
