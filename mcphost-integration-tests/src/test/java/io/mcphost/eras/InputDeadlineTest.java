package io.mcphost.eras;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.CallOptions;
import io.mcphost.client.ElicitationHandler;
import io.mcphost.protocol.Era;
import io.mcphost.client.McpClient;
import io.mcphost.protocol.McpTimeoutException;
import io.mcphost.protocol.elicitation.ElicitRequestFormParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import io.mcphost.transport.memory.MemoryTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A question nobody answers does not outlive the call that led to it, in either era: legacy, the
 * server's elicitation request is pending while the call's deadline runs; modern, no request is
 * pending while the application's handler works on an input_required round, and the call's timeout
 * must still bound the wait. Either way the handler is told the answer is no longer wanted.
 */
@Timeout(30)
class InputDeadlineTest {
    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    @ParameterizedTest
    @EnumSource(value = Era.class, names = {"LEGACY", "MODERN"})
    void theCallsTimeoutEndsAQuestionNobodyAnswersAndTheHandlerHearsOfIt(Era era) throws Exception {
        McpServer server = McpServer.builder().name("asker").version("1")
                .tool(Tool.of("ask", "Asks for a name", JsonCodec.get().mapper().readTree("{\"type\":\"object\"}")), call -> {
                    ElicitResult answer = call.elicit(ElicitRequestFormParams.of("Your name?", JsonCodec.get().mapper().readTree(
                            "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}")), Duration.ofSeconds(20));
                    return CallToolResult.text("hello " + answer.action());
                }).build();
        var pair = MemoryTransport.pair();
        toClose.add(server.serve(pair.server()));
        CountDownLatch asked = new CountDownLatch(1);
        CountDownLatch toldToStop = new CountDownLatch(1);
        McpClient client = McpClient.builder(pair.client()).name("asker").era(era)
                .elicitation((request, context) -> {
                    asked.countDown();
                    context.cancelled().thenRun(toldToStop::countDown);
                    return new CompletableFuture<>(); // the user never answers
                }).connect();
        toClose.add(client);
        assertThat(client.era()).isEqualTo(era);

        long start = System.nanoTime();
        assertThatThrownBy(() -> client.callTool("ask", JsonCodec.get().newObject(), CallOptions.timeout(Duration.ofMillis(500))))
                .isInstanceOf(McpTimeoutException.class).hasMessageContaining("PT0.5S");

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        assertThat(asked.getCount()).isZero();
        assertThat(toldToStop.await(5, TimeUnit.SECONDS)).as("the handler is told the answer is no longer wanted").isTrue();
    }

    /** Not a timeout: an answer that comes in time still completes the call (the bound is the call's timeout). */
    @ParameterizedTest
    @EnumSource(value = Era.class, names = {"LEGACY", "MODERN"})
    void anAnswerWithinTheTimeoutCompletesTheCall(Era era) {
        McpServer server = McpServer.builder().name("asker").version("1")
                .tool(Tool.of("ask", "Asks", JsonCodec.get().mapper().readTree("{\"type\":\"object\"}")), call -> {
                    ElicitResult answer = call.elicit(ElicitRequestFormParams.of("Ok?", JsonCodec.get().mapper().readTree(
                            "{\"type\":\"object\",\"properties\":{}}")), Duration.ofSeconds(20));
                    return CallToolResult.text("answered " + answer.action());
                }).build();
        var pair = MemoryTransport.pair();
        toClose.add(server.serve(pair.server()));
        McpClient client = McpClient.builder(pair.client()).name("asker").era(era)
                .elicitation(ElicitationHandler.blocking(request -> {
                    try {
                        Thread.sleep(100);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return ElicitResult.decline();
                })).connect();
        toClose.add(client);

        CallToolResult result = client.callTool("ask", JsonCodec.get().newObject(), CallOptions.timeout(Duration.ofSeconds(5)));

        assertThat(result.text()).isEqualTo("answered DECLINE");
    }
}
