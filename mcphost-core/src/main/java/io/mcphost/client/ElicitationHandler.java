package io.mcphost.client;

import io.mcphost.protocol.elicitation.ElicitRequestParams;
import io.mcphost.protocol.elicitation.ElicitResult;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Answers a server's {@code elicitation/create}: asks the user for input (form mode) or for consent
 * to visit a URL (URL mode), on the server's behalf. Set with
 * {@link McpClientBuilder#elicitation(ElicitationHandler)}; without one the client does not announce
 * the {@code elicitation} capability and refuses such requests with {@code -32601}.
 *
 * <p><b>Threading.</b> Each request is handled on a virtual thread of its own, never on the
 * transport's reader thread, so a handler may block (cheaply) or return a stage it completes later,
 * for example when the user answers a dialog. Many requests may be handled at once; the handler must
 * be thread-safe.
 *
 * <p><b>What the library does around it.</b> A form request whose {@code requestedSchema} is not a
 * flat object of primitive properties is refused with {@code -32602} before the handler is called.
 * When the handler accepts a form, properties it left out get the schema's {@code default}, then the
 * content is validated against the schema: an answer that does not match becomes a {@code -32603}
 * error naming the field, never an {@code accept}. Content is dropped from a decline or cancel (the
 * user withheld it) and from a URL-mode accept (its data never passes through the client).
 *
 * <p><b>URL mode.</b> The library never opens a URL. The handler should show the URL's host, ask the
 * user's consent, and open it itself; the server may later send
 * {@code notifications/elicitation/complete}, delivered to {@link McpClientBuilder#onNotification}.
 *
 * <p><b>Failure, deadline, cancellation.</b> An exception, a failed stage or a null result becomes a
 * {@code -32603} error response (an {@link io.mcphost.protocol.McpError} as failure is sent with its
 * own code and message). When the {@linkplain McpClientBuilder#serverRequestTimeout deadline}
 * passes, the library answers {@code cancel} for the user. When the server cancels the request, no
 * answer is sent. In both cases {@link ServerRequestContext#cancelled()} completes, the returned stage
 * is cancelled (when it is a {@link CompletableFuture}) and a handler still running inside this
 * method is interrupted.
 */
@FunctionalInterface
public interface ElicitationHandler {

    /**
     * Starts answering one request. Should return promptly with a stage; blocking here is allowed
     * (it only holds this request's own virtual thread) but then only interruption stops it early.
     *
     * @param request form or URL mode; switch over the sealed type without a default
     * @param context the server's name, the deadline and cancellation
     * @return the user's answer, when there is one
     */
    CompletionStage<ElicitResult> elicit(ElicitRequestParams request, ServerRequestContext context);

    /**
     * A handler from blocking code that answers from the request alone, for example
     * {@code ElicitationHandler.blocking(request -> ElicitResult.decline())}. It runs on the request's
     * own virtual thread and is interrupted when the answer is no longer wanted.
     */
    static ElicitationHandler blocking(Blocking answer) {
        Objects.requireNonNull(answer, "answer");
        return blocking((BlockingWithContext) (request, context) -> answer.elicit(request));
    }

    /**
     * A handler from blocking code that also sees the context (to name the server to the user, or to
     * stop waiting when {@link ServerRequestContext#isCancelled()}). It runs on the request's own
     * virtual thread and is interrupted when the answer is no longer wanted; what it throws becomes
     * an error response.
     */
    static ElicitationHandler blocking(BlockingWithContext answer) {
        Objects.requireNonNull(answer, "answer");
        return (request, context) -> BlockingAnswer.of(() -> answer.elicit(request, context));
    }

    /**
     * The blocking form of {@link ElicitationHandler} that needs only the request; it may throw (for example
     * {@link InterruptedException}), which becomes an error response.
     */
    @FunctionalInterface
    interface Blocking {
        ElicitResult elicit(ElicitRequestParams request) throws Exception;
    }

    /** The blocking form of {@link ElicitationHandler} that also sees the context; it may throw, as {@link Blocking}. */
    @FunctionalInterface
    interface BlockingWithContext {
        ElicitResult elicit(ElicitRequestParams request, ServerRequestContext context) throws Exception;
    }
}
