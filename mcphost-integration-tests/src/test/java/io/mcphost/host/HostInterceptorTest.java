package io.mcphost.host;

import static io.mcphost.host.HostFixtures.args;
import static io.mcphost.host.HostFixtures.inProcess;
import static io.mcphost.host.HostFixtures.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.host.HostInterceptor;
import io.mcphost.host.Invocation;
import io.mcphost.host.McpHost;
import io.mcphost.host.PromptInvocation;
import io.mcphost.host.ResourceInvocation;
import io.mcphost.host.ToolInvocation;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.server.demo.DemoServer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** One interceptor chain around every routed operation: tools, prompts and resources. */
class HostInterceptorTest {
    private final List<AutoCloseable> toClose = new CopyOnWriteArrayList<>();
    private final List<McpHost> hosts = new CopyOnWriteArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        hosts.forEach(McpHost::close);
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    /** Records what it sees, the way a telemetry interceptor would. */
    private static final class Recording implements HostInterceptor {
        final List<String> seen = new CopyOnWriteArrayList<>();

        @Override
        public <R> R intercept(Chain<R> chain) {
            Invocation<R> inv = chain.invocation();
            seen.add(inv.method() + " " + inv.server() + " " + inv.target());
            return chain.proceed(inv);
        }
    }

    private McpHost started(McpHostBuilder builder) {
        McpHost host = builder.start();
        hosts.add(host);
        return host;
    }

    private Map<String, String> argumentsOf(io.mcphost.host.HostPrompt prompt) {
        Map<String, String> promptArgs = new HashMap<>();
        prompt.prompt().arguments().forEach(a -> promptArgs.put(a.name(), "x"));
        return promptArgs;
    }

    @Test
    void oneInterceptorSeesToolCallsPromptGetsAndResourceReads() {
        Recording recording = new Recording();
        McpHost host = started(McpHost.builder()
                .server(inProcess("demo", DemoServer::server, toClose).build())
                .interceptAll(recording));
        var prompt = host.prompts().getFirst();
        var resource = host.resources().getFirst();

        host.callTool("demo__echo", args("text", "a"));
        host.getPrompt(prompt.name(), argumentsOf(prompt));
        host.readResource(resource.resource().uri());

        assertThat(recording.seen).containsExactly(
                McpMethod.TOOLS_CALL + " demo echo",
                McpMethod.PROMPTS_GET + " demo " + prompt.prompt().name(),
                McpMethod.RESOURCES_READ + " demo " + resource.resource().uri());
    }

    @Test
    void toolOnlyAndGeneralInterceptorsShareOneChainInTheOrderAdded() {
        Recording recording = new Recording();
        List<String> tools = new CopyOnWriteArrayList<>();
        McpHost host = started(McpHost.builder()
                .server(inProcess("demo", DemoServer::server, toClose).build())
                .interceptor(chain -> {
                    tools.add("tool-only:" + chain.call().toolName());
                    return chain.proceed(chain.call().withArguments(args("text", "changed")));
                })
                .interceptAll(recording));
        var resource = host.resources().getFirst();

        assertThat(text(host.callTool("demo__echo", args("text", "original")))).isEqualTo("changed");
        host.readResource(resource.resource().uri());

        assertThat(tools).containsExactly("tool-only:echo");
        assertThat(recording.seen).hasSize(2);
    }

    @Test
    void anApprovalInterceptorCanDenyEachKindOfOperation() {
        HostInterceptor denyAll = new HostInterceptor() {
            @Override
            public <R> R intercept(Chain<R> chain) {
                return switch (chain.invocation()) {
                    case ToolInvocation t -> chain.invocation().resultType().cast(CallToolResult.error("denied: " + t.toolName()));
                    case PromptInvocation p -> throw new SecurityException("denied: " + p.promptName());
                    case ResourceInvocation r -> throw new SecurityException("denied: " + r.uri());
                };
            }
        };
        McpHost host = started(McpHost.builder()
                .server(inProcess("demo", DemoServer::server, toClose).build())
                .interceptAll(denyAll));
        var prompt = host.prompts().getFirst();

        CallToolResult denied = host.callTool("demo__echo", args("text", "a"));
        assertThat(denied.isError()).isTrue();
        assertThat(text(denied)).isEqualTo("denied: echo");
        assertThatThrownBy(() -> host.getPrompt(prompt.name(), argumentsOf(prompt)))
                .isInstanceOf(SecurityException.class).hasMessage("denied: " + prompt.prompt().name());
    }

    @Test
    void theChainRefusesAnInterceptorThatRedirectsAResourceRead() {
        HostInterceptor redirect = new HostInterceptor() {
            @Override
            public <R> R intercept(Chain<R> chain) {
                if (chain.invocation() instanceof ResourceInvocation r) {
                    @SuppressWarnings("unchecked")
                    Invocation<R> elsewhere = (Invocation<R>) new ResourceInvocation(r.callId(), r.server(), "demo://other", r.options());
                    return chain.proceed(elsewhere);
                }
                return chain.proceed(chain.invocation());
            }
        };
        McpHost host = started(McpHost.builder()
                .server(inProcess("demo", DemoServer::server, toClose).build())
                .interceptAll(redirect));
        var resource = host.resources().getFirst();

        assertThatThrownBy(() -> host.readResource(resource.resource().uri()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("uri").hasMessageContaining("never where");
    }
}
