package io.mcphost.gateway.internal;

import io.mcphost.client.CallOptions;
import io.mcphost.client.ElicitationHandler;
import io.mcphost.client.RootsHandler;
import io.mcphost.client.SamplingHandler;
import io.mcphost.client.ServerRequestContext;
import io.mcphost.protocol.McpException;
import io.mcphost.server.ClientInput;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The questions an upstream asks during one forwarded call (elicitation, sampling, roots), put to the
 * downstream client whose call it is, and to no one else: the client attributes each question to its
 * call (a 2026-07-28 input round; a request on the call's own HTTP stream; the one call in flight on
 * stdio) and asks the handlers set here, which ask through the downstream request's
 * {@link ClientInput}. That is where the eras meet: under a handshake revision downstream each
 * question is a server-to-client request the handler blocks on; under 2026-07-28 downstream the first
 * unanswered one ends the downstream request with {@code input_required}, and the retry carrying the
 * answers runs the call again, whose questions then find their answers.
 *
 * <p>The toolkit unwinds a handler with an unchecked exception of its own for that; it is thrown on
 * the client's answering thread here, so it is kept, the upstream call is called off, and the
 * forwarding handler rethrows it on its own thread ({@link #unwinding()}). One per forwarded call;
 * thread-safe.
 */
public final class InputRelay {
    private final ClientInput downstream;
    private final AtomicReference<RuntimeException> unwinding = new AtomicReference<>();
    private final Runnable callOff;

    private InputRelay(ClientInput downstream, Runnable callOff) {
        this.downstream = downstream;
        this.callOff = callOff;
    }

    /**
     * Adds the per-call handlers of a relay to {@code options}; {@code callOff} cancels the upstream
     * call when the downstream request must be unwound. Returns the relay, whose {@link #unwinding()}
     * the forwarding handler checks.
     */
    static InputRelay attach(CallOptions.Builder options, ClientInput downstream, Runnable callOff) {
        InputRelay relay = new InputRelay(downstream, callOff);
        options.elicitation((request, context) -> relay.ask(context,
                timeout -> downstream.elicit(request, timeout)));
        options.sampling((request, context) -> relay.ask(context,
                timeout -> downstream.sample(request, timeout)));
        options.roots((RootsHandler) context -> relay.ask(context, downstream::roots));
        return relay;
    }

    /** The toolkit's unwinding of the downstream request, when a question needs a new round; rethrow it. */
    RuntimeException unwinding() {
        return unwinding.get();
    }

    private interface Question<T> {
        T ask(Duration timeout);
    }

    /** Asks downstream on a virtual thread of its own (the answer may take a person's time). */
    private <T> CompletableFuture<T> ask(ServerRequestContext context, Question<T> question) {
        CompletableFuture<T> answer = new CompletableFuture<>();
        Thread.ofVirtual().name("mcphost-gateway-ask").start(() -> {
            try {
                answer.complete(question.ask(left(context.deadline())));
            } catch (McpException e) {
                answer.completeExceptionally(e); // the downstream client refused or failed: the upstream hears it
            } catch (RuntimeException signal) {
                // Not ours to catch (ClientInput): the downstream request needs another round. Keep it for
                // the forwarding handler's thread and call the upstream call off.
                unwinding.compareAndSet(null, signal);
                answer.completeExceptionally(signal);
                callOff.run();
            }
        });
        context.cancelled().thenRun(() -> answer.cancel(true));
        return answer;
    }

    private static Duration left(Instant deadline) {
        Duration left = Duration.between(Instant.now(), deadline);
        return left.isNegative() || left.isZero() ? Duration.ofMillis(1) : left;
    }

    /**
     * Client-wide handlers for a host behind a gateway: they answer only what no downstream call
     * owns (the per-call ones answer the rest), and they announce the capabilities so that upstreams
     * ask at all. An unowned question is refused (elicitation, sampling) or answered with no roots.
     */
    public static final ElicitationHandler NOBODY_ELICITS = ElicitationHandler.blocking((request, context) -> {
        throw unowned(context, "elicitation");
    });

    public static final SamplingHandler NOBODY_SAMPLES = SamplingHandler.blocking((request, context) -> {
        throw unowned(context, "sampling");
    });

    private static IllegalStateException unowned(ServerRequestContext context, String what) {
        return new IllegalStateException("the gateway cannot tell which of its clients this " + what
                + " request from '" + context.server() + "' belongs to, so it asks none of them");
    }
}
