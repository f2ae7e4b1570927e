package io.mcphost.examples;

import io.mcphost.client.CallOptions;
import io.mcphost.client.ElicitationHandler;
import io.mcphost.host.HostTool;
import io.mcphost.host.McpHost;
import io.mcphost.host.ToolDefinitions;
import io.mcphost.host.ToolFilter;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.elicitation.ElicitResult;
import io.mcphost.protocol.tools.CallToolResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;

/** The McpHost sample of docs/host.md: filters, an approving interceptor, events and shared handlers. */
public final class HostFeatures {
    private HostFeatures() {
    }

    /** Calls demo__add through the host; demo__fail is denied by the interceptor, demo__greet hidden by the filter. */
    static List<String> run(Path config) {
        try (McpHost host = McpHost.fromConfig(config)                   // or McpHost.builder().server(ServerSpec...)
                .toolFilter(ToolFilter.deny("*greet*"))                   // on top of each server's allow/denyTools
                .interceptor(chain -> approved(chain.call().name())       // human-in-the-loop, logging, OTel ...
                        ? chain.proceed(chain.call())
                        : CallToolResult.error("denied by the user"))
                .onEvent(event -> System.err.println(event))              // sealed HostEvent records
                .elicitation(ElicitationHandler.blocking(request -> ElicitResult.decline()))   // shared by every server
                .start()) {
            host.servers();                                               // state, transport, version, tools, last error, stderr tail
            List<HostTool> tools = host.tools();                          // "demo__add", ...
            ArrayNode forTheModel = ToolDefinitions.openAi(tools);        // also openAiResponses, anthropic, gemini
            CallToolResult sum = host.callTool("demo__add", Json.parse("{\"a\": 1, \"b\": 2}"),
                    CallOptions.builder().timeout(Duration.ofSeconds(30)).onProgress(p -> System.err.println(p.progress())).build());
            CallToolResult denied = host.callTool("demo__fail", Json.parse("{}"));
            return List.of(sum.text(), denied.text(), String.valueOf(forTheModel.size()),
                    String.valueOf(tools.stream().anyMatch(t -> t.name().contains("greet"))));
        }
    }

    private static boolean approved(String tool) {
        return !tool.endsWith("__fail");                                  // ask a person here
    }
}
