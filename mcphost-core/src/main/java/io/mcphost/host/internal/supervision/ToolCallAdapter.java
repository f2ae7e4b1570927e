package io.mcphost.host.internal.supervision;

import io.mcphost.host.HostInterceptor;
import io.mcphost.host.Invocation;
import io.mcphost.host.ToolCallInterceptor;
import io.mcphost.host.ToolInvocation;
import io.mcphost.protocol.tools.CallToolResult;
import java.util.Objects;

/**
 * A {@link ToolCallInterceptor} in the host's one chain: it sees tool calls and lets prompts and
 * resources pass untouched. Its chain's rules are the host chain's, so the adapter adds none of its own.
 *
 * @param tools the application's tool-only interceptor, named in the chain's error messages
 */
public record ToolCallAdapter(ToolCallInterceptor tools) implements HostInterceptor {
    public ToolCallAdapter {
        Objects.requireNonNull(tools, "tools");
    }

    @Override
    public <R> R intercept(Chain<R> chain) {
        Invocation<R> invocation = chain.invocation();
        if (!(invocation instanceof ToolInvocation call)) {
            return chain.proceed(invocation);
        }
        // R is CallToolResult here: a ToolInvocation is an Invocation<CallToolResult> and nothing else.
        @SuppressWarnings("unchecked")
        Chain<CallToolResult> toolChain = (Chain<CallToolResult>) (Chain<?>) chain;
        CallToolResult result = tools.intercept(new ToolCallInterceptor.Chain() {
            @Override
            public ToolInvocation call() {
                return call;
            }

            @Override
            public CallToolResult proceed(ToolInvocation next) {
                return toolChain.proceed(next);
            }
        });
        return invocation.resultType().cast(result);
    }
}
