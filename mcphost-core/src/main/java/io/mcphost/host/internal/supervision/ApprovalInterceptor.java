package io.mcphost.host.internal.supervision;

import io.mcphost.host.HostInterceptor;
import io.mcphost.host.Invocation;
import io.mcphost.host.ToolApproval;
import io.mcphost.host.ToolFilter;
import io.mcphost.host.ToolInvocation;
import io.mcphost.protocol.tools.CallToolResult;
import java.util.Optional;
import java.util.function.Function;

/**
 * The host's approval, first in its chain: a tool its server's spec auto-approves goes on; any other is
 * asked about, and a refusal is answered with a tool error, never sent. Prompts and resources pass.
 *
 * @param approval     the application's approval
 * @param autoApproved the auto-approved tools of a server, by its name (empty: the server was removed)
 */
record ApprovalInterceptor(ToolApproval approval, Function<String, Optional<ToolFilter>> autoApproved)
        implements HostInterceptor {
    @Override
    public <R> R intercept(Chain<R> chain) {
        Invocation<R> invocation = chain.invocation();
        if (invocation instanceof ToolInvocation call
                && !autoApproved.apply(call.server()).map(f -> f.allows(call.toolName())).orElse(false)
                && !approval.approves(call)) {
            return invocation.resultType().cast(CallToolResult.error(
                    "tool '" + call.name() + "' was not approved; it was not called"));
        }
        return chain.proceed(invocation);
    }
}
