package io.mcphost.host.internal.supervision;

import io.mcphost.host.HostInterceptor;
import io.mcphost.host.Invocation;
import io.mcphost.host.PromptInvocation;
import io.mcphost.host.ResourceInvocation;
import io.mcphost.host.ToolInvocation;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * One position in the host's interceptor chain; {@code index == interceptors.size()} is the server.
 * Checks every rule of {@link HostInterceptor} and names the interceptor that broke it, because a
 * broken rule otherwise shows up far away (a call sent twice, or to the wrong server).
 * Confined to the calling thread, like the operation it carries.
 */
final class InterceptorChain<R> implements HostInterceptor.Chain<R> {
    private final List<HostInterceptor> interceptors;
    private final int index;
    private final Invocation<R> invocation;
    private final Function<Invocation<R>, R> server;
    private boolean proceeded;

    private InterceptorChain(List<HostInterceptor> interceptors, int index, Invocation<R> invocation,
                             Function<Invocation<R>, R> server) {
        this.interceptors = interceptors;
        this.index = index;
        this.invocation = invocation;
        this.server = server;
    }

    /** Runs {@code invocation} through every interceptor, then {@code server}; blocks as long as they do. */
    static <R> R run(List<HostInterceptor> interceptors, Invocation<R> invocation, Function<Invocation<R>, R> server) {
        return new InterceptorChain<>(interceptors, 0, invocation, server).proceed(invocation);
    }

    @Override
    public Invocation<R> invocation() {
        return invocation;
    }

    @Override
    public R proceed(Invocation<R> next) {
        Objects.requireNonNull(next, "an interceptor passed a null call to proceed()");
        String by = index == 0 ? "the host" : "interceptor #" + index + " (" + nameOf(interceptors.get(index - 1)) + ")";
        if (proceeded) {
            throw new IllegalStateException(by + " called proceed() more than once for call " + invocation.callId());
        }
        proceeded = true;
        if (next.getClass() != invocation.getClass() || next.callId() != invocation.callId()
                || !next.server().equals(invocation.server()) || !next.target().equals(invocation.target())) {
            throw new IllegalStateException(by + " changed the call's callId, server or " + targetName(invocation)
                    + "; an interceptor may change what is sent, never where");
        }
        if (index == interceptors.size()) {
            return server.apply(next);
        }
        HostInterceptor interceptor = interceptors.get(index);
        R result = interceptor.intercept(new InterceptorChain<>(interceptors, index + 1, next, server));
        if (result == null || !next.resultType().isInstance(result)) {
            throw new IllegalStateException("interceptor #" + (index + 1) + " (" + nameOf(interceptor) + ") returned "
                    + (result == null ? "null" : "a " + result.getClass().getName()) + "; return a "
                    + next.resultType().getSimpleName()
                    + (next instanceof ToolInvocation ? " (CallToolResult.error(...) to refuse a call)" : ""));
        }
        return result;
    }

    private static String targetName(Invocation<?> invocation) {
        return switch (invocation) {
            case ToolInvocation t -> "toolName";
            case PromptInvocation p -> "promptName";
            case ResourceInvocation r -> "uri";
        };
    }

    /** The class the application wrote, not our adapter around it. */
    private static String nameOf(HostInterceptor interceptor) {
        return interceptor instanceof ToolCallAdapter adapter ? adapter.tools().getClass().getName()
                : interceptor.getClass().getName();
    }
}
