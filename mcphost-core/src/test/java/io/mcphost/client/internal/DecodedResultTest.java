package io.mcphost.client.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.McpTimeoutException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

class DecodedResultTest {
    private static final JsonNode RESULT = JsonNodeFactory.instance.objectNode().put("text", "hello");

    @Test
    void aWaitingCallerDecodesOnItsOwnThreadNotOnTheThreadThatCompletes() throws Exception {
        CompletableFuture<JsonNode> raw = new CompletableFuture<>();
        AtomicReference<Thread> decodedOn = new AtomicReference<>();
        AtomicInteger decodes = new AtomicInteger();
        DecodedResult<String> decoded = DecodedResult.of(raw, r -> {
            decodes.incrementAndGet();
            decodedOn.set(Thread.currentThread());
            return r.path("text").stringValue();
        });
        AtomicReference<Thread> caller = new AtomicReference<>();
        CompletableFuture<String> got = new CompletableFuture<>();
        Thread waiter = Thread.ofVirtual().start(() -> {
            caller.set(Thread.currentThread());
            try {
                got.complete(decoded.get());
            } catch (Exception e) {
                got.completeExceptionally(e);
            }
        });
        // Complete once the caller waits, from a thread standing in for the transport's reader.
        while (waiter.getState() != Thread.State.WAITING) {
            Thread.onSpinWait();
        }
        Thread reader = Thread.ofPlatform().start(() -> raw.complete(RESULT));
        reader.join();
        assertThat(got.get(5, TimeUnit.SECONDS)).isEqualTo("hello");
        assertThat(decodedOn.get()).isNotSameAs(reader);
        assertThat(decodes.get()).isEqualTo(1);
    }

    @Test
    void withNobodyWaitingTheResultIsStillDecodedAndChainedStagesRun() throws Exception {
        CompletableFuture<JsonNode> raw = new CompletableFuture<>();
        AtomicReference<Thread> decodedOn = new AtomicReference<>();
        DecodedResult<String> decoded = DecodedResult.of(raw, r -> {
            decodedOn.set(Thread.currentThread());
            return r.path("text").stringValue();
        });
        CompletableFuture<Integer> chained = decoded.thenApply(String::length);
        raw.complete(RESULT); // on this thread: the decoding must not run here
        assertThat(chained.get(5, TimeUnit.SECONDS)).isEqualTo(5);
        assertThat(decodedOn.get()).isNotSameAs(Thread.currentThread());
    }

    @Test
    void failuresAndDecodingErrorsFailTheFuture() {
        CompletableFuture<JsonNode> raw = new CompletableFuture<>();
        DecodedResult<String> decoded = DecodedResult.of(raw, r -> r.path("text").stringValue());
        raw.completeExceptionally(new McpTimeoutException("s", "tools/call got no answer"));
        assertThatThrownBy(decoded::get).isInstanceOf(ExecutionException.class).hasCauseInstanceOf(McpTimeoutException.class);

        CompletableFuture<JsonNode> raw2 = CompletableFuture.completedFuture(RESULT);
        DecodedResult<String> bad = DecodedResult.of(raw2, r -> {
            throw new IllegalArgumentException("malformed");
        });
        assertThatThrownBy(bad::join).hasRootCauseMessage("malformed");
    }

    @Test
    void cancellingTheDecodedFutureWhileACallerWaitsReleasesIt() throws Exception {
        CompletableFuture<JsonNode> raw = new CompletableFuture<>();
        DecodedResult<String> decoded = DecodedResult.of(raw, r -> "x");
        Exchange.propagateCancel(decoded, raw);
        CompletableFuture<Throwable> seen = new CompletableFuture<>();
        Thread waiter = Thread.ofVirtual().start(() -> {
            try {
                decoded.get();
                seen.complete(null);
            } catch (Throwable t) {
                seen.complete(t);
            }
        });
        while (waiter.getState() != Thread.State.WAITING) {
            Thread.onSpinWait();
        }
        decoded.cancel(false);
        assertThat(seen.get(5, TimeUnit.SECONDS)).isInstanceOf(java.util.concurrent.CancellationException.class);
        assertThat(raw.isCancelled()).isTrue();
    }

    @Test
    void aCallerAboutToWaitLendsItsThreadFirstAndTheLenderMayCompleteTheResult() throws Exception {
        CompletableFuture<JsonNode> raw = new CompletableFuture<>();
        AtomicReference<Thread> lentBy = new AtomicReference<>();
        // The lender plays a stdio transport that reads the answer on the lent thread.
        DecodedResult<String> viaGet = DecodedResult.of(raw, r -> r.path("text").stringValue(), answer -> {
            lentBy.set(Thread.currentThread());
            answer.complete(RESULT);
        });
        assertThat(viaGet.get()).isEqualTo("hello");
        assertThat(lentBy.get()).isSameAs(Thread.currentThread());

        CompletableFuture<JsonNode> raw2 = new CompletableFuture<>();
        AtomicInteger lent = new AtomicInteger();
        DecodedResult<String> viaJoin = DecodedResult.of(raw2, r -> r.path("text").stringValue(), answer -> {
            lent.incrementAndGet();
            answer.complete(RESULT);
        });
        assertThat(viaJoin.join()).isEqualTo("hello");
        assertThat(lent).hasValue(1);
    }

    @Test
    void aResultAlreadyThereIsNotLentFor() throws Exception {
        AtomicInteger lent = new AtomicInteger();
        DecodedResult<String> decoded = DecodedResult.of(CompletableFuture.completedFuture(RESULT),
                r -> r.path("text").stringValue(), answer -> lent.incrementAndGet());
        assertThat(decoded.get()).isEqualTo("hello");
        assertThat(lent).hasValue(0);
    }

    @Test
    void aResultAnsweredBeforeTheFutureExistedIsDecodedOnTheCreatingThread() {
        // The caller's line went out in another sender's batch and its answer came before it got back
        // from sending: no thread of its own for the decoding, the caller's does it.
        AtomicReference<Thread> decodedOn = new AtomicReference<>();
        DecodedResult<String> decoded = DecodedResult.of(CompletableFuture.completedFuture(RESULT), r -> {
            decodedOn.set(Thread.currentThread());
            return r.path("text").stringValue();
        });
        assertThat(decoded).isCompletedWithValue("hello");
        assertThat(decodedOn.get()).isSameAs(Thread.currentThread());
    }

    @Test
    void cancellingOrFailingTheDecodedFutureWithACancellationCancelsTheRawOneByItself() {
        CompletableFuture<JsonNode> raw = new CompletableFuture<>();
        DecodedResult<String> decoded = DecodedResult.of(raw, r -> "x");
        assertThat(decoded.cancel(false)).isTrue();
        assertThat(raw.isCancelled()).isTrue();

        CompletableFuture<JsonNode> raw2 = new CompletableFuture<>();
        DecodedResult<String> failed = DecodedResult.of(raw2, r -> "x");
        failed.completeExceptionally(new java.util.concurrent.CancellationException("given up"));
        assertThat(raw2.isCancelled()).isTrue();

        CompletableFuture<JsonNode> raw3 = new CompletableFuture<>();
        DecodedResult<String> otherwise = DecodedResult.of(raw3, r -> "x");
        otherwise.completeExceptionally(new IllegalStateException("not a cancellation"));
        assertThat(raw3.isDone()).isFalse();
    }
}
