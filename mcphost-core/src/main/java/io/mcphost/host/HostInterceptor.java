package io.mcphost.host;

/**
 * Runs around every operation the host routes to a server: tool calls, prompt gets and resource
 * reads ({@link Invocation} is the closed set). Interceptors run in the order they were added to the
 * builder, the first added outermost, and {@link ToolCallInterceptor}s share the same chain.
 * An approval, telemetry or audit interceptor implements this one to see every operation.
 *
 * <p>An interceptor may inspect the invocation, pass a changed copy on (other arguments or options),
 * answer it itself without proceeding (a denial: for tools {@code CallToolResult.error(...)}, cast with
 * {@link Invocation#resultType()}), observe or replace the result, or throw: what it throws reaches the
 * caller unchanged and ends the operation.
 *
 * <p>Contract, enforced by the chain with an {@link IllegalStateException} naming the broken rule:
 * {@link Chain#proceed} is called at most once per interception; the invocation passed on is of the
 * same kind and keeps its {@code callId}, {@code server} and {@code target} (an interceptor changes what
 * is sent, never where); a non-null result is returned. Interceptors run on the caller's thread and may
 * block (an approval prompt, for example); the operation's deadline starts when the server is asked.
 *
 * <p>Written as a class (the method is generic, so not as a lambda); a switch over
 * {@code chain.invocation()} tells the kinds apart.
 */
public interface HostInterceptor {
    /** Handles one operation: usually {@code return chain.proceed(chain.invocation())}, with something around it. */
    <R> R intercept(Chain<R> chain);

    /** The rest of the pipeline, as seen from one interceptor. */
    interface Chain<R> {
        /** The operation as it reached this interceptor. */
        Invocation<R> invocation();

        /** Passes {@code invocation} to the next interceptor, or to the server after the last one, and returns the result. */
        R proceed(Invocation<R> invocation);
    }
}
