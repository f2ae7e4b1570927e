package io.mcphost.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.client.CallOptions;
import io.mcphost.client.ElicitationHandler;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.elicitation.ElicitResult;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Whose call a server's question is, over a transport that cannot tell (stdio, in memory): a question
 * naming a task belongs to that task's creator or, while no handle tracks the task yet, to nobody —
 * never to the one call in flight, which may be another task's (PerCallInputTest saw task A's question
 * answered by task B's handler when A's handle was not yet tracked).
 */
class AttributionTest {
    private static final CallOptions B_OPTIONS = CallOptions.builder()
            .elicitation(ElicitationHandler.blocking(request -> ElicitResult.decline())).build();

    private static JsonRpcRequest question(String taskId) {
        return new JsonRpcRequest(RequestId.of(1), "elicitation/create", Optional.of(Json.parse("""
                {"message":"for A","requestedSchema":{"type":"object"},
                 "_meta":{"io.modelcontextprotocol/related-task":{"taskId":"%s"}}}""".formatted(taskId))));
    }

    @Test
    void aQuestionNamingAnUntrackedTaskIsNobodysNotTheOneCallInFlight() {
        PendingRequests pending = new PendingRequests("test", 10);
        // Task B's poll is the one call with input handlers in flight.
        pending.register("tasks/result", Deadline.Policy.fixed(Duration.ofSeconds(30)), Optional.empty(), B_OPTIONS);
        Map<String, CallOptions> tracked = Map.of("task-b", B_OPTIONS);
        Attribution attribution = new Attribution(pending, id -> Optional.ofNullable(tracked.get(id)));

        assertThat(attribution.owner(question("task-a"), Optional.empty())).isEmpty();
        assertThat(attribution.untrackedTask(question("task-a"))).contains("task-a");
        assertThat(attribution.owner(question("task-b"), Optional.empty()))
                .hasValueSatisfying(owner -> assertThat(owner.options()).isSameAs(B_OPTIONS));
    }

    @Test
    void aQuestionNamingNoTaskStillGoesToTheOneCallInFlight() {
        PendingRequests pending = new PendingRequests("test", 10);
        pending.register("tools/call", Deadline.Policy.fixed(Duration.ofSeconds(30)), Optional.empty(), B_OPTIONS);
        Attribution attribution = new Attribution(pending, id -> Optional.empty());
        JsonRpcRequest plain = new JsonRpcRequest(RequestId.of(2), "elicitation/create",
                Optional.of(Json.parse("{\"message\":\"?\",\"requestedSchema\":{\"type\":\"object\"}}")));

        assertThat(attribution.owner(plain, Optional.empty()))
                .hasValueSatisfying(owner -> assertThat(owner.options()).isSameAs(B_OPTIONS));
    }
}
