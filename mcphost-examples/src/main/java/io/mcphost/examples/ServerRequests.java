package io.mcphost.examples;

import io.mcphost.client.ElicitationHandler;
import io.mcphost.client.McpClient;
import io.mcphost.client.McpClientBuilder;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.elicitation.ElicitRequestFormParams;
import io.mcphost.protocol.elicitation.ElicitRequestURLParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.roots.Root;
import io.mcphost.protocol.sampling.CreateMessageResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** The server-requests sample of docs/library.md: answer a server's form (elicitation), sampling and roots requests. */
public final class ServerRequests {
    private ServerRequests() {
    }

    /** Calls the demo server's greet tool, which asks who to greet; the handler answers "Ada". */
    static String greet(McpClientBuilder server) {
        try (McpClient client = server
                .elicitation(ElicitationHandler.blocking(request -> switch (request) {
                    case ElicitRequestFormParams form -> ElicitResult.accept(Json.newObject().put("name", "Ada")); // defaults fill the rest
                    case ElicitRequestURLParams url -> ElicitResult.decline();                                   // never opened for you
                }))
                .sampling((request, context) -> CompletableFuture.supplyAsync(   // answer later: a CompletionStage
                        () -> CreateMessageResult.text("my-model", "a model's reply")))
                .roots(List.of(Root.of("file:///home/me/project", "project")))
                .serverRequestTimeout(Duration.ofMinutes(10))                     // the default
                .connect()) {
            client.setRoots(List.of(Root.of("file:///home/me/other")));           // sends roots/list_changed
            return client.callToolWith("greet", Map.of()).text();
        }
    }
}
