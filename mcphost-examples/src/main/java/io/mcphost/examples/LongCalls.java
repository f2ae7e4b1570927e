package io.mcphost.examples;

import io.mcphost.client.CallOptions;
import io.mcphost.client.McpClient;
import io.mcphost.client.McpClientBuilder;
import io.mcphost.client.ResourceSubscription;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.tools.CallToolResult;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** The long-calls sample of docs/library.md: progress that restarts the timeout, and a resource subscription. */
public final class LongCalls {
    private LongCalls() {
    }

    /** Runs the demo's slow_task under a short timeout that progress keeps moving, then awaits one clock update. */
    static String slowTaskThenClock(McpClientBuilder server) throws InterruptedException {
        try (McpClient client = server
                .onListChanged(kind -> System.err.println(kind + " changed"))   // ListKind.TOOLS, PROMPTS or RESOURCES
                .connect()) {
            // Each progress notification restarts the 1 s timeout, but the call never runs longer than 1 minute in all.
            CallToolResult done = client.callTool("slow_task", Json.parse("{\"steps\": 4, \"delayMs\": 400}"),
                    CallOptions.builder()
                            .timeout(Duration.ofSeconds(1))
                            .resetTimeoutOnProgress(true)
                            .maxTotalTimeout(Duration.ofMinutes(1))      // ten times the timeout unless set
                            .build());
            // Resource updates, per URI; close() sends resources/unsubscribe when the last listener of the URI goes.
            CountDownLatch ticked = new CountDownLatch(1);
            try (ResourceSubscription clock = client.subscribeResource("demo://clock", update -> ticked.countDown())) {
                if (!ticked.await(10, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the clock did not tick");
                }
            }
            return done.text();
        }
    }
}
