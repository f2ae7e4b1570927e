package io.mcphost.host;

import io.mcphost.protocol.tools.CallToolResult;

/**
 * Runs around every tool call the host routes: the tool-only, lambda-friendly form of
 * {@link HostInterceptor}, in the same chain and under the same rules (prompts and resources pass it
 * by untouched). Interceptors run in the order they were added to the builder (the first added is the
 * outermost). An interceptor may inspect and change the call (arguments, {@code _meta},
 * deadline), refuse it by returning a result without proceeding (a human-in-the-loop denial is
 * {@code CallToolResult.error("denied by the user: ...")}), and observe or replace the result.
 *
 * <p>Contract, enforced by the chain with an {@link IllegalStateException} naming the broken rule:
 * {@link Chain#proceed} is called at most once per interception; the call passed on keeps its
 * {@code callId}, {@code server} and {@code toolName} (an interceptor changes what is sent, never where);
 * a non-null result is returned. Interceptors run on the caller's thread and may block (an approval
 * prompt, for example): the call's deadline starts when the server is asked, after them. What an
 * interceptor throws reaches the caller unchanged and ends the call.
 */
@FunctionalInterface
public interface ToolCallInterceptor {
    /** Handles one call: usually {@code return chain.proceed(chain.call())}, with something around it. */
    CallToolResult intercept(Chain chain);

    /** The rest of the pipeline, as seen from one interceptor. */
    interface Chain {
        /** The call as it reached this interceptor. */
        ToolInvocation call();

        /** Passes {@code call} to the next interceptor, or to the server after the last one, and returns the result. */
        CallToolResult proceed(ToolInvocation call);
    }
}
