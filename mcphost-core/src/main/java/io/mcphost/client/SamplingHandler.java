package io.mcphost.client;

import io.mcphost.protocol.sampling.CreateMessageRequestParams;
import io.mcphost.protocol.sampling.CreateMessageResult;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Answers a server's {@code sampling/createMessage}: runs the application's model on the server's
 * behalf. Set with {@link McpClientBuilder#sampling(SamplingHandler)}; without one the client does not
 * announce the {@code sampling} capability and refuses such requests with {@code -32601}. With one,
 * the client announces {@code sampling.tools}: {@link CreateMessageRequestParams#tools()} and
 * {@link CreateMessageRequestParams#toolChoice()} reach the handler as the server sent them, and the
 * handler may answer with tool uses ({@link CreateMessageResult#toolUse}).
 *
 * <p>The spec expects a human in the loop: the application should let the user see and approve the
 * request and the answer. To refuse, fail the stage with an {@link io.mcphost.protocol.McpError}
 * carrying the spec's code {@code -1} ("User rejected sampling request"); it is sent as is.
 *
 * <p><b>Threading.</b> Each request is handled on a virtual thread of its own, never on the
 * transport's reader thread; a handler may block or return a stage it completes later. Many
 * requests may be handled at once; the handler must be thread-safe.
 *
 * <p><b>Failure, deadline, cancellation.</b> An exception, a failed stage or a null result becomes a
 * {@code -32603} error response. When the
 * {@linkplain McpClientBuilder#serverRequestTimeout deadline} passes, the library answers with a
 * {@code -32603} error. When the server cancels the request, no answer is sent. In both cases
 * {@link ServerRequestContext#cancelled()} completes, the returned stage is cancelled (when it is a
 * {@link CompletableFuture}) and a handler still running inside this method is interrupted.
 */
@FunctionalInterface
public interface SamplingHandler {

    /**
     * Starts answering one request. Should return promptly with a stage; blocking here is allowed
     * (it only holds this request's own virtual thread) but then only interruption stops it early.
     */
    CompletionStage<CreateMessageResult> createMessage(CreateMessageRequestParams request, ServerRequestContext context);

    /**
     * A handler from blocking code that answers from the request alone. It runs on the request's own
     * virtual thread and is interrupted when the answer is no longer wanted.
     */
    static SamplingHandler blocking(Blocking answer) {
        Objects.requireNonNull(answer, "answer");
        return blocking((BlockingWithContext) (request, context) -> answer.createMessage(request));
    }

    /**
     * A handler from blocking code that also sees the context. It runs on the request's own virtual
     * thread and is interrupted when the answer is no longer wanted; what it throws becomes an error
     * response.
     */
    static SamplingHandler blocking(BlockingWithContext answer) {
        Objects.requireNonNull(answer, "answer");
        return (request, context) -> BlockingAnswer.of(() -> answer.createMessage(request, context));
    }

    /**
     * The blocking form of {@link SamplingHandler} that needs only the request; it may throw (for example
     * {@link InterruptedException}), which becomes an error response.
     */
    @FunctionalInterface
    interface Blocking {
        CreateMessageResult createMessage(CreateMessageRequestParams request) throws Exception;
    }

    /** The blocking form of {@link SamplingHandler} that also sees the context; it may throw, as {@link Blocking}. */
    @FunctionalInterface
    interface BlockingWithContext {
        CreateMessageResult createMessage(CreateMessageRequestParams request, ServerRequestContext context) throws Exception;
    }
}
