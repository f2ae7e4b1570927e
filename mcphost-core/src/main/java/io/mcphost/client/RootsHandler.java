package io.mcphost.client;

import io.mcphost.protocol.roots.Root;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Answers a server's {@code roots/list} for one call: the roots of whoever made the call (a gateway
 * asks its own downstream client). Set per call with {@link CallOptions.Builder#roots(RootsHandler)};
 * the client-wide roots ({@link McpClientBuilder#roots(List)}) answer every question no call's
 * handler takes.
 *
 * <p><b>Threading.</b> Each request is handled on a virtual thread of its own, never on the
 * transport's reader thread; the handler may block or return a stage it completes later, and must be
 * thread-safe.
 *
 * <p><b>What the library does around it.</b> Every root must be a {@code file://} URI (client/roots):
 * an answer with another one becomes a {@code -32603} error, never a list the server would trust. An
 * exception, a failed stage or a null result becomes a {@code -32603} error response. When the
 * {@linkplain McpClientBuilder#serverRequestTimeout deadline} passes, the library answers with a
 * {@code -32603} error; when the server cancels the request, no answer is sent. In both cases
 * {@link ServerRequestContext#cancelled()} completes, the returned stage is cancelled (when it is a
 * {@link CompletableFuture}) and a handler still running inside this method is interrupted.
 */
@FunctionalInterface
public interface RootsHandler {

    /** Starts answering one request; should return promptly with a stage. */
    CompletionStage<List<Root>> listRoots(ServerRequestContext context);

    /** A handler that always answers {@code roots} (checked now: every one a {@code file://} URI). */
    static RootsHandler of(List<Root> roots) {
        List<Root> fixed = io.mcphost.client.internal.ClientConfig.fileRoots(Objects.requireNonNull(roots, "roots"));
        CompletionStage<List<Root>> answer = CompletableFuture.completedStage(fixed);
        return context -> answer;
    }
}
