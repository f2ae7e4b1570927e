package io.mcphost.host;

/**
 * The application's say on a tool call before the host sends it: ask a person, or apply a policy. Set with
 * {@link McpHostBuilder#approval}. Tools a server's configuration lists in {@code autoApprove}
 * ({@link ServerSpec.Builder#autoApprove}) are called without asking, as Claude, Cline and VS Code mean
 * that key; every other tool call is asked about. Prompts and resources are not asked about.
 *
 * <p>Runs first in the host's interceptor chain, on the caller's thread, and may block (a prompt on a
 * terminal); the call's deadline starts when the server is asked, after it. A denied call is not sent: the
 * caller gets a tool error result ({@code isError: true}) saying it was not approved. What it throws
 * reaches the caller unchanged and ends the call. Must be safe to call from many threads at once.
 */
@FunctionalInterface
public interface ToolApproval {
    /**
     * Whether {@code call} may go to its server.
     *
     * @param call the call as the caller made it (exposed and original names, server, arguments)
     */
    boolean approves(ToolInvocation call);
}
