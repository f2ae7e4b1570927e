package io.mcphost.examples;

import io.mcphost.host.Catalog;
import io.mcphost.host.HostInterceptor;
import io.mcphost.host.Invocation;
import io.mcphost.host.McpHost;
import io.mcphost.host.ToolDefinitions;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import tools.jackson.databind.node.ArrayNode;

/** The interceptor and catalog sample of docs/host.md: audit every routed operation, look names up. */
public final class HostInterceptors {
    private HostInterceptors() {
    }

    /** Calls demo__add through an auditing interceptor; returns the audit lines. */
    static List<String> audited(Path config) {
        List<String> audit = new CopyOnWriteArrayList<>();
        try (McpHost host = McpHost.fromConfig(config).interceptAll(new HostInterceptor() {
            @Override
            public <R> R intercept(HostInterceptor.Chain<R> chain) {
                Invocation<R> op = chain.invocation();            // op.server(), op.method(), op.target(), op.options()
                long start = System.nanoTime();
                try {
                    return chain.proceed(op);
                } finally {
                    audit.add(op.method() + " " + op.target() + " on " + op.server() + ": "
                            + (System.nanoTime() - start) / 1000 + " µs");
                }
            }
        }).start()) {
            Catalog catalog = host.catalog();
            catalog.tool("demo__add");                               // -> server "demo", original name "add"
            catalog.suggest("add").ifPresent(s -> System.err.println("did you mean " + s + "?"));
            catalog.serverForUri("demo://notes/todo");               // exact resource URI, else the first matching template
            ArrayNode forClaude = ToolDefinitions.anthropic(catalog.tools());   // also openAi, openAiResponses, gemini
            System.err.println(forClaude.size() + " tool definitions");
            host.callToolWith("demo__add", Map.of("a", 1, "b", 2));
            return audit;
        }
    }
}
