package io.mcphost.server;

import static io.mcphost.server.Fixtures.schema;
import static io.mcphost.server.Fixtures.tool;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.testkit.RawClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** tools/list and tools/call as the client sees them on the wire. */
class ToolsTest {
    private RawClient client;

    @AfterEach
    void close() {
        if (client != null) {
            client.close();
        }
    }

    private static McpServer.Builder withTool(Tool tool, ToolHandler handler) {
        return McpServer.builder().tool(tool, handler);
    }

    @Test
    void toolsListIsPagedWithOpaqueCursors() {
        McpServer.Builder builder = McpServer.builder().pageSize(2);
        for (String name : List.of("a", "b", "c", "d", "e")) {
            builder.tool(tool(name), call -> CallToolResult.text(name));
        }
        client = RawClient.initialized(builder.build());
        List<String> names = new ArrayList<>();
        List<Integer> pageSizes = new ArrayList<>();

        JsonNode page = client.result("tools/list", null);
        while (true) {
            WireSchema.assertValid(page, "ListToolsResult");
            pageSizes.add(page.path("tools").size());
            page.path("tools").forEach(t -> names.add(t.path("name").asString()));
            if (!page.has("nextCursor")) {
                break;
            }
            page = client.result("tools/list", "{\"cursor\":\"" + page.path("nextCursor").asString() + "\"}");
        }

        assertThat(names).containsExactly("a", "b", "c", "d", "e");
        assertThat(pageSizes).containsExactly(2, 2, 1);
    }

    @Test
    void anInvalidCursorIsInvalidParams() {
        client = RawClient.initialized(Fixtures.echoServer().build());

        JsonRpcError error = client.error("tools/list", "{\"cursor\":\"not-ours\"}");

        assertThat(error.code()).isEqualTo(JsonRpcError.INVALID_PARAMS);
        assertThat(error.message()).contains("not-ours");
    }

    @Test
    void toolsAreListedWithTheirSchemas() {
        Tool add = Tool.of("add", "Adds", schema("""
                {"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"}},"required":["a","b"]}"""))
                .withOutputSchema(schema("{\"type\":\"object\",\"properties\":{\"sum\":{\"type\":\"number\"}}}"));
        client = RawClient.initialized(withTool(add, call -> CallToolResult.text("")).build());

        JsonNode listed = client.result("tools/list", null).path("tools").get(0);

        assertThat(listed.path("inputSchema")).isEqualTo(add.inputSchema());
        assertThat(listed.path("outputSchema")).isEqualTo(add.outputSchema().orElseThrow());
    }

    @Test
    void aHandlerThatThrowsBecomesAnErrorResultAndTheServerKeepsServing() {
        client = RawClient.initialized(withTool(tool("boom"), call -> {
            throw new IllegalStateException("the database is down");
        }).build());

        JsonNode result = client.result("tools/call", "{\"name\":\"boom\"}");

        WireSchema.assertValid(result, "CallToolResult");
        assertThat(result.path("isError").asBoolean()).isTrue();
        assertThat(result.path("content").get(0).path("text").asString()).isEqualTo("the database is down");
        assertThat(client.result("ping", null).isEmpty()).isTrue();
    }

    @Test
    void aHandlerThatReturnsNothingBecomesAnErrorResult() {
        client = RawClient.initialized(withTool(tool("nothing"), call -> null).build());

        JsonNode result = client.result("tools/call", "{\"name\":\"nothing\"}");

        assertThat(result.path("isError").asBoolean()).isTrue();
        assertThat(result.path("content").get(0).path("text").asString()).contains("returned no result");
    }

    @Test
    void anUnknownToolIsAProtocolErrorWordedAsTheSpecShows() {
        client = RawClient.initialized(Fixtures.echoServer().build());

        JsonRpcError error = client.error("tools/call", "{\"name\":\"invalid_tool_name\",\"arguments\":{}}");

        assertThat(error.code()).isEqualTo(JsonRpcError.INVALID_PARAMS);
        assertThat(error.message()).isEqualTo("Unknown tool: invalid_tool_name");
    }

    @Test
    void aCallWithoutAToolNameIsInvalidParams() {
        client = RawClient.initialized(Fixtures.echoServer().build());

        JsonRpcError error = client.error("tools/call", "{\"arguments\":{}}");

        assertThat(error.code()).isEqualTo(JsonRpcError.INVALID_PARAMS);
        assertThat(error.message()).contains("\"name\"");
    }

    @Test
    void argumentsThatBreakTheInputSchemaAreAnErrorResultAndTheHandlerIsNotCalled() {
        AtomicInteger calls = new AtomicInteger();
        client = RawClient.initialized(withTool(Tool.of("add", "Adds", schema("""
                {"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"}},"required":["a","b"]}""")),
                call -> {
                    calls.incrementAndGet();
                    return CallToolResult.text("called");
                }).build());

        JsonNode wrongType = client.result("tools/call", "{\"name\":\"add\",\"arguments\":{\"a\":\"two\",\"b\":3}}");
        JsonNode missing = client.result("tools/call", "{\"name\":\"add\"}");

        assertThat(wrongType.path("isError").asBoolean()).isTrue();
        assertThat(wrongType.path("content").get(0).path("text").asString())
                .startsWith("invalid arguments for tool 'add': ").contains("a");
        assertThat(missing.path("isError").asBoolean()).isTrue();
        assertThat(calls).hasValue(0);
    }

    @Test
    void argumentsThatAreNotAnObjectAreInvalidParams() {
        client = RawClient.initialized(Fixtures.echoServer().build());

        JsonRpcError error = client.error("tools/call", "{\"name\":\"echo\",\"arguments\":[1]}");

        assertThat(error.code()).isEqualTo(JsonRpcError.INVALID_PARAMS);
    }

    @Test
    void structuredContentAndMetaReachTheClient() {
        client = RawClient.initialized(withTool(tool("meta"), call -> CallToolResult.structured(
                schema("{\"seen\":" + call.meta().map(m -> m.path("tag")).orElseThrow() + "}"), "ok")).build());

        JsonNode result = client.result("tools/call", "{\"name\":\"meta\",\"_meta\":{\"tag\":\"x1\"}}");

        WireSchema.assertValid(result, "CallToolResult");
        assertThat(result.path("structuredContent").path("seen").asString()).isEqualTo("x1");
    }

    @Test
    void progressNotificationsCarryTheRequestsTokenWithItsJsonType() {
        client = RawClient.initialized(withTool(tool("steps"), call -> {
            for (int i = 1; i <= 3; i++) {
                call.progress(i, 3.0, "step " + i);
            }
            return CallToolResult.text("done");
        }).build());

        client.result("tools/call", "{\"name\":\"steps\",\"_meta\":{\"progressToken\":\"tok-1\"}}");
        client.result("tools/call", "{\"name\":\"steps\",\"_meta\":{\"progressToken\":42}}");

        // Notifications are written before the response, on the same ordered transport.
        List<JsonNode> progress = client.notifications("notifications/progress");
        assertThat(progress).hasSize(6);
        progress.forEach(p -> WireSchema.assertValid(p, "ProgressNotificationParams"));
        assertThat(progress.subList(0, 3)).allSatisfy(p -> assertThat(p.path("progressToken").isString()).isTrue());
        assertThat(progress.subList(3, 6)).allSatisfy(p -> assertThat(p.path("progressToken").isIntegralNumber()).isTrue());
        assertThat(progress.get(5).path("progressToken").longValue()).isEqualTo(42);
        assertThat(progress.subList(0, 3)).extracting(p -> p.path("progress").doubleValue()).containsExactly(1.0, 2.0, 3.0);
        assertThat(progress.get(2).path("total").doubleValue()).isEqualTo(3.0);
        assertThat(progress.get(2).path("message").asString()).isEqualTo("step 3");
    }

    @Test
    void noProgressIsSentWhenTheRequestHasNoToken() {
        client = RawClient.initialized(withTool(tool("steps"), call -> {
            call.progress(1, null, null);
            return CallToolResult.text("done");
        }).build());

        client.result("tools/call", "{\"name\":\"steps\"}");

        assertThat(client.notifications("notifications/progress")).isEmpty();
    }

    @Test
    void cancellationReachesTheHandlerAndTheCancelledCallGetsNoResponse() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        AtomicBoolean sawCancel = new AtomicBoolean();
        CountDownLatch stopped = new CountDownLatch(1);
        client = RawClient.initialized(withTool(tool("wait"), call -> {
            started.countDown();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!call.isCancelled() && System.nanoTime() < deadline) {
                LockSupport.parkNanos(1_000_000); // the handler's own polling, as a real long task would
            }
            sawCancel.set(call.isCancelled());
            stopped.countDown();
            return CallToolResult.text("finished anyway");
        }).build());

        CompletableFuture<JsonRpcMessage> call = client.sendAsync(RequestId.of("call-1"), "tools/call", "{\"name\":\"wait\"}");
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        client.notify("notifications/cancelled", "{\"requestId\":\"call-1\",\"reason\":\"user pressed stop\"}");

        assertThat(stopped.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(sawCancel).isTrue();
        assertThat(client.result("ping", null).isEmpty()).isTrue();
        assertThat(call).isNotDone();
        assertThat(client.unexpected()).isEmpty();
    }

    @Test
    void cancellingAnotherRequestIdLeavesTheCallRunning() {
        CountDownLatch release = new CountDownLatch(1);
        client = RawClient.initialized(withTool(tool("wait"), call -> {
            release.await(10, TimeUnit.SECONDS);
            return CallToolResult.text(call.isCancelled() ? "cancelled" : "not cancelled");
        }).build());

        CompletableFuture<JsonRpcMessage> call = client.sendAsync(RequestId.of(7), "tools/call", "{\"name\":\"wait\"}");
        client.notify("notifications/cancelled", "{\"requestId\":\"7\"}"); // a string id: a different request
        client.result("ping", null);
        release.countDown();

        assertThat(RawClient.resultOf(RawClient.await(call)).path("content").get(0).path("text").asString())
                .isEqualTo("not cancelled");
    }

    @Test
    void logMessagesBelowTheClientsLevelAreNotSent() {
        client = RawClient.initialized(withTool(tool("chatty"), call -> {
            call.log(LoggingLevel.DEBUG, "debug detail");
            call.log(LoggingLevel.INFO, "routine");
            call.log(LoggingLevel.ERROR, schema("{\"problem\":\"disk full\"}"));
            return CallToolResult.text("done");
        }).build());

        client.result("tools/call", "{\"name\":\"chatty\"}");
        int atInfo = client.notifications("notifications/message").size();
        client.result("logging/setLevel", "{\"level\":\"warning\"}");
        client.result("tools/call", "{\"name\":\"chatty\"}");

        List<JsonNode> logs = client.notifications("notifications/message");
        assertThat(atInfo).as("info is the level until the client sets one").isEqualTo(2);
        assertThat(logs).hasSize(3);
        logs.forEach(l -> WireSchema.assertValid(l, "LoggingMessageNotificationParams"));
        JsonNode last = logs.get(2);
        assertThat(last.path("level").asString()).isEqualTo("error");
        assertThat(last.path("logger").asString()).isEqualTo("chatty");
        assertThat(last.path("data").path("problem").asString()).isEqualTo("disk full");
    }

    @Test
    void slowCallsDoNotBlockPingOrOtherCalls() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch running = new CountDownLatch(3);
        client = RawClient.initialized(Fixtures.echoServer().tool(tool("slow"), call -> {
            running.countDown();
            release.await(10, TimeUnit.SECONDS);
            return CallToolResult.text("slow done");
        }).build());
        List<CompletableFuture<JsonRpcMessage>> slow = new ArrayList<>();

        for (int i = 0; i < 3; i++) {
            slow.add(client.sendAsync("tools/call", "{\"name\":\"slow\"}"));
        }
        assertThat(running.await(10, TimeUnit.SECONDS)).as("all three slow calls run at once").isTrue();
        JsonNode pong = client.result("ping", null);
        JsonNode echo = client.result("tools/call", "{\"name\":\"echo\",\"arguments\":{\"text\":\"quick\"}}");

        assertThat(pong.isEmpty()).isTrue();
        assertThat(echo.path("content").get(0).path("text").asString()).isEqualTo("quick");
        assertThat(slow).noneMatch(CompletableFuture::isDone);
        release.countDown();
        slow.forEach(f -> assertThat(RawClient.resultOf(RawClient.await(f)).path("content").get(0).path("text").asString())
                .isEqualTo("slow done"));
    }

    @Test
    void closingTheSessionCancelsCallsStillRunning() throws Exception {
        AtomicBoolean sawCancel = new AtomicBoolean();
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch stopped = new CountDownLatch(1);
        client = RawClient.initialized(withTool(tool("wait"), call -> {
            started.countDown();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!call.isCancelled() && System.nanoTime() < deadline) {
                LockSupport.parkNanos(1_000_000);
            }
            sawCancel.set(call.isCancelled());
            stopped.countDown();
            return CallToolResult.text("done");
        }).build());

        client.sendAsync("tools/call", "{\"name\":\"wait\"}");
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        client.session().close();

        assertThat(stopped.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(sawCancel).isTrue();
    }

    @Test
    void theBuilderRefusesDuplicateToolsAndNonObjectSchemas() {
        McpServer.Builder builder = McpServer.builder().tool(tool("a"), call -> null);

        assertThatThrownBy(() -> builder.tool(tool("a"), call -> null))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a tool named 'a' is already registered");
        assertThatThrownBy(() -> builder.tool(Tool.of("b", "B", schema("{\"type\":\"string\"}")), call -> null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tool 'b': inputSchema must be");
        assertThatThrownBy(() -> builder.pageSize(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("pageSize must be positive, got 0");
    }

    @Test
    void theSchemaCheckUsedByTheseTestsRejectsABrokenResult() {
        assertThatThrownBy(() -> WireSchema.assertValid(schema("{\"isError\":true}"), "CallToolResult"))
                .isInstanceOf(AssertionError.class).hasMessageContaining("content");
    }
}
