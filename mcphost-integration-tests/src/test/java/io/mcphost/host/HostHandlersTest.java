package io.mcphost.host;

import static io.mcphost.host.HostFixtures.args;
import static io.mcphost.host.HostFixtures.inProcess;
import static io.mcphost.host.HostFixtures.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.ElicitationHandler;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.McpMissingClientCapabilityException;
import io.mcphost.host.HostEvent;
import io.mcphost.host.McpHost;
import io.mcphost.host.ReconnectPolicy;
import io.mcphost.protocol.elicitation.ElicitRequestFormParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.roots.Root;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Server-to-client requests through a host: shared and per-server handlers, seen by events. */
class HostHandlersTest {
    private final List<AutoCloseable> toClose = new CopyOnWriteArrayList<>();
    private final List<HostEvent> events = new CopyOnWriteArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    /** A server whose tool asks the user for a name and greets whoever answers. */
    private static McpServer asker(String label) {
        return McpServer.builder().name(label).version("1")
                .tool(Tool.of("ask", "Asks for a name", JsonCodec.get().mapper().readTree("{\"type\":\"object\"}")), call -> {
                    ElicitResult answer = call.elicit(ElicitRequestFormParams.of("Your name?", JsonCodec.get().mapper().readTree("""
                            {"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}""")),
                            Duration.ofSeconds(10));
                    return CallToolResult.text(label + " greets " + answer.content().map(c -> c.path("name").asString())
                            .orElse("nobody (" + answer.action() + ")"));
                })
                .tool(Tool.of("roots", "Lists the client's roots", JsonCodec.get().mapper().readTree("{\"type\":\"object\"}")),
                        call -> CallToolResult.text(call.roots(Duration.ofSeconds(10)).stream().map(Root::uri).toList().toString()))
                .build();
    }

    /** Legacy: elicitation/create and roots/list requests; modern: input_required rounds. Same handlers, same events. */
    @ParameterizedTest
    @EnumSource(value = Era.class, names = {"LEGACY", "MODERN"})
    void aSharedHandlerAnswersEveryServerUnlessOneHasItsOwnAndEventsSeeTheRequests(Era era) throws Exception {
        ElicitationHandler shared = ElicitationHandler.blocking((request, context) ->
                ElicitResult.accept(JsonCodec.get().newObject().put("name", "shared-for-" + context.server())));
        ElicitationHandler own = ElicitationHandler.blocking(request -> ElicitResult.decline());
        McpHost host = McpHost.builder()
                .server(inProcess("one", () -> asker("one"), toClose).era(era).build())
                .server(inProcess("two", () -> asker("two"), toClose).era(era).elicitation(own)
                        .roots(List.of(Root.of("file:///two"))).build())
                .elicitation(shared)
                .roots(List.of(Root.of("file:///shared")))
                .onEvent(events::add)
                .reconnect(ReconnectPolicy.never())
                .start();
        toClose.addFirst(host);
        assertThat(host.servers()).allSatisfy(s -> assertThat(s.era()).hasValue(era));

        assertThat(text(host.callTool("one__ask", args()))).isEqualTo("one greets shared-for-one");
        assertThat(text(host.callTool("two__ask", args()))).isEqualTo("two greets nobody (DECLINE)");
        assertThat(text(host.callTool("one__roots", args()))).isEqualTo("[file:///shared]");
        assertThat(text(host.callTool("two__roots", args()))).isEqualTo("[file:///two]");
        assertThat(events).filteredOn(e -> e instanceof HostEvent.ServerRequest)
                .extracting(e -> e.server() + " " + ((HostEvent.ServerRequest) e).method())
                .containsExactly("one elicitation/create", "two elicitation/create");
    }

    @ParameterizedTest
    @EnumSource(value = Era.class, names = {"LEGACY", "MODERN"})
    void withoutAHandlerTheServerIsToldElicitationIsUnsupported(Era era) throws Exception {
        McpHost host = McpHost.builder().server(inProcess("one", () -> asker("one"), toClose).era(era).build()).start();
        toClose.addFirst(host);

        if (era == Era.LEGACY) {
            // The server asks anyway; the client's refusal fails the tool, which the toolkit reports as an error result.
            CallToolResult result = host.callTool("one__ask", args());
            assertThat(result.isError()).isTrue();
            assertThat(text(result)).containsIgnoringCase("elicitation");
        } else {
            // 2026-07-28 (basic, "Per-request protocol fields"): a server MUST NOT rely on an undeclared
            // capability and answers the request with -32021 naming it.
            assertThatThrownBy(() -> host.callTool("one__ask", args()))
                    .isInstanceOfSatisfying(McpMissingClientCapabilityException.class,
                            e -> assertThat(e.requiredCapabilities()).contains("elicitation"));
        }
    }

    /**
     * A server's log messages reach the host's events in both eras. 2026-07-28 servers log to a request only
     * when its _meta names a level; the host asks for info and above, as a legacy server's default gives.
     */
    @ParameterizedTest
    @EnumSource(value = Era.class, names = {"LEGACY", "MODERN"})
    void aServersLogMessagesBecomeServerLogEvents(Era era) throws Exception {
        McpServer logger = McpServer.builder().name("logger").version("1.0")
                .tool(Tool.of("work", "Logs a line, then answers", JsonCodec.get().mapper().readTree("{\"type\":\"object\"}")),
                        call -> {
                            call.log(io.mcphost.protocol.logging.LoggingLevel.INFO, "working on it");
                            call.log(io.mcphost.protocol.logging.LoggingLevel.DEBUG, "below the host's level");
                            return CallToolResult.text("done");
                        })
                .build();
        McpHost host = McpHost.builder().server(inProcess("logger", () -> logger, toClose).era(era).build())
                .onEvent(events::add).reconnect(ReconnectPolicy.never()).start();
        toClose.addFirst(host);

        assertThat(text(host.callTool("logger__work", args()))).isEqualTo("done");

        io.mcphost.testkit.Await.until(Duration.ofSeconds(5),
                () -> events.stream().anyMatch(e -> e instanceof HostEvent.ServerLog), "a ServerLog event");
        assertThat(events).filteredOn(e -> e instanceof HostEvent.ServerLog)
                .extracting(e -> ((HostEvent.ServerLog) e).message().data().asString())
                .contains("working on it");
    }
}
