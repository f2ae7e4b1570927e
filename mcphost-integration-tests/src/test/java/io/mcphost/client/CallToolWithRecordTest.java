package io.mcphost.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.Json;
import io.mcphost.protocol.McpInvalidArgumentsException;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.transport.memory.MemoryTransport;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link McpClient#callToolWith(String, Object)}: a record or bean as the arguments, converted by the
 * library's codec; the result's structured content read back as a record; values that are not a JSON
 * object refused before anything is sent.
 */
@Timeout(30)
class CallToolWithRecordTest {
    /** The demo's {@code add} arguments. */
    record Addends(int a, int b) {
    }

    /** The demo's {@code add} structured output. */
    record Sum(double sum) {
    }

    /** The demo's {@code echo} arguments, with an optional that is absent (left out, not sent as null). */
    record Echo(String text, Optional<String> unused) {
    }

    /** A bean: converted through its getters. */
    public static final class AddendsBean {
        public int getA() {
            return 40;
        }

        public int getB() {
            return 2;
        }
    }

    /** Refers to itself: the codec cannot write it. */
    public static final class Loop {
        public Loop getSelf() {
            return this;
        }
    }

    @Test
    void aRecordOrABeanReachesTheToolAndTheStructuredResultReadsBackAsARecord() throws Exception {
        var pair = MemoryTransport.pair();
        try (AutoCloseable server = DemoServer.server().serve(pair.server());
             McpClient client = McpClient.builder(pair.client()).name("demo").connect()) {

            var sum = client.callToolWith("add", new Addends(2, 3));
            assertThat(sum.isError()).as(sum.text()).isFalse();
            assertThat(sum.structuredContent(Sum.class)).contains(new Sum(5));
            assertThat(client.callToolWith("add", new AddendsBean()).structuredContent(Sum.class)).contains(new Sum(42));
            assertThat(client.callToolWith("echo", new Echo("hi", Optional.empty())).text()).contains("hi");
            assertThat(client.callToolWith("echo", Json.parse("{\"text\": \"tree\"}"), CallOptions.defaults()).text()).contains("tree");
        }
    }

    @Test
    void valuesThatAreNotAJsonObjectAreRefusedBeforeAnythingIsSent() throws Exception {
        var pair = MemoryTransport.pair();
        AtomicInteger calls = new AtomicInteger();
        try (AutoCloseable server = DemoServer.server().serve(pair.server());
             McpClient client = McpClient.builder(pair.client()).name("demo").observer(request -> {
                 if (request.method().equals("tools/call")) {
                     calls.incrementAndGet();
                 }
                 return RequestObserver.Completion.NONE;
             }).connect()) {

            assertThatThrownBy(() -> client.callToolWith("echo", "hi"))
                    .isInstanceOf(McpInvalidArgumentsException.class)
                    .hasMessageContaining("server 'demo'").hasMessageContaining("tool 'echo'")
                    .hasMessageContaining("must be a JSON object").hasMessageContaining("java.lang.String converts to a JSON string");
            assertThatThrownBy(() -> client.callToolWith("echo", List.of(1, 2)))
                    .isInstanceOf(McpInvalidArgumentsException.class).hasMessageContaining("JSON array");
            assertThatThrownBy(() -> client.callToolWith("echo", new Loop()))
                    .isInstanceOf(McpInvalidArgumentsException.class).hasMessageContaining("cannot be converted to JSON")
                    .hasCauseInstanceOf(RuntimeException.class);
            assertThatThrownBy(() -> client.callToolWith("echo", CallOptions.defaults()))
                    .isInstanceOf(McpInvalidArgumentsException.class).hasMessageContaining("CallOptions");
            assertThat(calls).as("tools/call requests sent").hasValue(0);
            assertThat(client.callToolWith("echo", null).isError()).as("null is no arguments").isTrue(); // echo needs text
            assertThat(calls).hasValue(1);
        }
    }
}
