package io.mcphost.client;

import static io.mcphost.protocol.internal.Settings.positive;

import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.logging.LoggingMessageNotificationParams;
import io.mcphost.protocol.roots.Root;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * Per-call settings: deadline, progress callback and {@code _meta} to forward. Immutable and
 * thread-safe; derive variants with {@link #toBuilder()}.
 *
 * <p>A progress callback makes the client attach a progress token to the request; the callback
 * runs on the client's notification thread, in the order the server sent the notifications, and
 * must return quickly.
 *
 * <p>A long task that reports progress can keep its call alive: with
 * {@link Builder#resetTimeoutOnProgress(boolean) resetTimeoutOnProgress(true)} every
 * {@code notifications/progress} for the call moves its deadline to <em>now + timeout</em>, but never
 * past <em>start + {@link Builder#maxTotalTimeout(Duration) maxTotalTimeout}</em> (ten times the
 * timeout unless set). The client then asks for progress (sends a progress token) even without a
 * progress callback. Unset here, both come from the client's
 * {@link McpClientBuilder#resetTimeoutOnProgress(boolean) defaults} (off, ten times).
 *
 * <p><b>Per-call input handlers.</b> {@link Builder#elicitation}, {@link Builder#sampling} and
 * {@link Builder#roots} answer the questions the server asks <em>for this call</em>, in place of the
 * client-wide handlers ({@link McpClientBuilder#elicitation}, {@link McpClientBuilder#sampling},
 * {@link McpClientBuilder#roots}); a question the call has no handler of its own for goes to the
 * client-wide one, and is refused with {@code -32601} when there is none. They are how one client
 * serves many callers (a gateway forwarding each of its clients' calls) without one caller's user
 * seeing another's question. A question belongs to this call when:
 * <ul>
 *   <li>revision 2026-07-28: it is an {@code input_required} round of this call (always known);</li>
 *   <li>a handshake-era server over Streamable HTTP sends it on this call's response stream (the spec
 *       asks servers to); one on the standalone GET stream belongs to no call;</li>
 *   <li>over stdio, in memory, or the old HTTP+SSE transport, where the wire does not say: exactly
 *       one call with per-call handlers is in flight on the client, and it is this one. With two or
 *       more, no call can be named and the client-wide handler answers.</li>
 * </ul>
 * Everything the library does around a handler applies unchanged (schema checks, defaults and
 * validation of forms, the {@linkplain McpClientBuilder#serverRequestTimeout deadline}, cancellation;
 * see {@link ElicitationHandler}); handlers run on virtual threads, never on the transport's reader, and
 * may be called concurrently when the server asks several questions at once. The client announces the
 * {@code elicitation}, {@code sampling} and {@code roots} capabilities from its client-wide settings
 * only, in the handshake and in each 2026-07-28 request alike: a server asks only what was announced,
 * so a caller relying on per-call handlers must enable the feature client-wide too (with a handler
 * that refuses, say, which then answers the questions no call takes).
 * A call that {@linkplain Builder#takeOverInput(boolean) takes its rounds over} gets them as an
 * exception instead; its handlers still answer a handshake-era server's questions.
 */
public final class CallOptions {
    private static final CallOptions DEFAULTS = new Builder().build();

    private final Duration timeout;
    private final Consumer<Progress> onProgress;
    private final JsonNode meta;
    private final Boolean resetTimeoutOnProgress;
    private final Duration maxTotalTimeout;
    private final boolean takeOverInput;
    private final ElicitationHandler elicitation;
    private final SamplingHandler sampling;
    private final RootsHandler roots;
    private final LoggingLevel logLevel;
    private final Consumer<LoggingMessageNotificationParams> onLog;

    private CallOptions(Builder builder) {
        this.timeout = builder.timeout;
        this.onProgress = builder.onProgress;
        this.meta = builder.meta;
        this.resetTimeoutOnProgress = builder.resetTimeoutOnProgress;
        this.maxTotalTimeout = builder.maxTotalTimeout;
        this.takeOverInput = builder.takeOverInput;
        this.elicitation = builder.elicitation;
        this.sampling = builder.sampling;
        this.roots = builder.roots;
        this.logLevel = builder.logLevel;
        this.onLog = builder.onLog;
    }

    /** No overrides: the client's request timeout, no progress callback, no extra {@code _meta}. */
    public static CallOptions defaults() {
        return DEFAULTS;
    }

    /** Shortcut for {@code builder().timeout(timeout).build()}. */
    public static CallOptions timeout(Duration timeout) {
        return builder().timeout(timeout).build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.timeout = timeout;
        b.onProgress = onProgress;
        b.meta = meta;
        b.resetTimeoutOnProgress = resetTimeoutOnProgress;
        b.maxTotalTimeout = maxTotalTimeout;
        b.takeOverInput = takeOverInput;
        b.elicitation = elicitation;
        b.sampling = sampling;
        b.roots = roots;
        b.logLevel = logLevel;
        b.onLog = onLog;
        return b;
    }

    /** The deadline for this call, when it overrides the client's default. */
    public Optional<Duration> requestTimeout() {
        return Optional.ofNullable(timeout);
    }

    public Optional<Consumer<Progress>> onProgress() {
        return Optional.ofNullable(onProgress);
    }

    /** Caller {@code _meta} merged into the request's params (a progress token is added when needed). */
    public Optional<JsonNode> meta() {
        return Optional.ofNullable(meta);
    }

    /** Whether progress restarts this call's timeout, when it overrides the client's default. */
    public Optional<Boolean> resetTimeoutOnProgress() {
        return Optional.ofNullable(resetTimeoutOnProgress);
    }

    /** The cap on this call's deadline while progress resets it, when it overrides the client's default. */
    public Optional<Duration> maxTotalTimeout() {
        return Optional.ofNullable(maxTotalTimeout);
    }

    /**
     * Whether an {@code input_required} round of this call (revision 2026-07-28) goes to the caller
     * as {@link io.mcphost.protocol.McpInputRequiredException} instead of the registered handlers.
     */
    public boolean takeOverInput() {
        return takeOverInput;
    }

    /** This call's own {@code elicitation/create} handler (see the class comment). */
    public Optional<ElicitationHandler> elicitation() {
        return Optional.ofNullable(elicitation);
    }

    /** This call's own {@code sampling/createMessage} handler (see the class comment). */
    public Optional<SamplingHandler> sampling() {
        return Optional.ofNullable(sampling);
    }

    /** This call's own {@code roots/list} handler (see the class comment). */
    public Optional<RootsHandler> roots() {
        return Optional.ofNullable(roots);
    }

    /** The lowest level of this call's log messages that {@link #onLog()} wants (see {@link Builder#onLog}). */
    public Optional<LoggingLevel> logLevel() {
        return Optional.ofNullable(logLevel);
    }

    /** This call's own listener of the server's log messages (see {@link Builder#onLog}). */
    public Optional<Consumer<LoggingMessageNotificationParams>> onLog() {
        return Optional.ofNullable(onLog);
    }

    /** Whether this call has any handler of its own for the server's questions. */
    public boolean hasInputHandlers() {
        return elicitation != null || sampling != null || roots != null;
    }

    /** Builds {@link CallOptions}. Not thread-safe. */
    public static final class Builder {
        private Duration timeout;
        private Consumer<Progress> onProgress;
        private JsonNode meta;
        private Boolean resetTimeoutOnProgress;
        private Duration maxTotalTimeout;
        private boolean takeOverInput;
        private ElicitationHandler elicitation;
        private SamplingHandler sampling;
        private RootsHandler roots;
        private LoggingLevel logLevel;
        private Consumer<LoggingMessageNotificationParams> onLog;

        private Builder() {
        }

        /** The call's deadline; must be positive. */
        public Builder timeout(Duration timeout) {
            this.timeout = positive(timeout, "timeout");
            return this;
        }

        public Builder onProgress(Consumer<Progress> onProgress) {
            this.onProgress = Objects.requireNonNull(onProgress, "onProgress");
            return this;
        }

        /** {@code _meta} to send with the request; must be a JSON object. */
        public Builder meta(JsonNode meta) {
            Objects.requireNonNull(meta, "meta");
            if (!meta.isObject()) {
                throw new IllegalArgumentException("meta must be a JSON object, got " + meta.getNodeType());
            }
            this.meta = meta;
            return this;
        }

        /**
         * Whether each progress notification for this call restarts its timeout (bounded by
         * {@link #maxTotalTimeout}). Overrides the client's default (off unless set there).
         */
        public Builder resetTimeoutOnProgress(boolean reset) {
            this.resetTimeoutOnProgress = reset;
            return this;
        }

        /**
         * The longest this call may take from the moment it is sent, however much progress it reports;
         * used only while {@link #resetTimeoutOnProgress} is on. Overrides the client's default (ten
         * times the call's timeout unless set there). A value below the timeout shortens the first
         * deadline too.
         */
        public Builder maxTotalTimeout(Duration maxTotal) {
            this.maxTotalTimeout = positive(maxTotal, "maxTotalTimeout");
            return this;
        }

        /**
         * Hands every {@code input_required} round of this call (revision 2026-07-28) to the caller
         * instead of answering it with the client's elicitation, sampling and roots handlers: the call
         * fails with {@link io.mcphost.protocol.McpInputRequiredException}, whose
         * {@link io.mcphost.protocol.McpInputRequiredException#round() round} can be stored
         * ({@link io.mcphost.protocol.modern.InputRound#toJson()}) and answered later with
         * {@link McpClient#resumeInput}. A durable round: the user may answer hours later, in another
         * process. Off unless set. Legacy servers have no rounds; it changes nothing there.
         */
        public Builder takeOverInput(boolean takeOver) {
            this.takeOverInput = takeOver;
            return this;
        }

        /**
         * Answers this call's {@code elicitation/create} questions in place of the client-wide handler;
         * which questions are this call's, and the threading, in the class comment.
         */
        public Builder elicitation(ElicitationHandler handler) {
            this.elicitation = Objects.requireNonNull(handler, "handler");
            return this;
        }

        /**
         * Answers this call's {@code sampling/createMessage} questions in place of the client-wide handler;
         * which questions are this call's, and the threading, in the class comment.
         */
        public Builder sampling(SamplingHandler handler) {
            this.sampling = Objects.requireNonNull(handler, "handler");
            return this;
        }

        /**
         * Answers this call's {@code roots/list} questions in place of the client-wide roots; which
         * questions are this call's, and the threading, in the class comment.
         */
        public Builder roots(RootsHandler handler) {
            this.roots = Objects.requireNonNull(handler, "handler");
            return this;
        }

        /** Shortcut for {@code roots(RootsHandler.of(roots))}: fixed roots, each a {@code file://} URI. */
        public Builder roots(List<Root> roots) {
            return roots(RootsHandler.of(roots));
        }

        /**
         * Hears the server's log messages ({@code notifications/message}) that belong to this call, at
         * {@code minimum} and above; they still reach the client-wide {@link McpClientBuilder#onLog} too.
         * Under revision 2026-07-28 the request asks for {@code minimum} in its {@code _meta} (in place of
         * the client's {@linkplain McpClient#setLoggingLevel level}), and the server sends the messages
         * for this request only. In the handshake revisions the server logs at the session's level, and a
         * message belongs to this call when it comes on the call's response stream (Streamable HTTP), or,
         * where the wire does not say (stdio, in memory, HTTP+SSE), when this is the one call with a log
         * listener in flight; otherwise it belongs to no call. The listener runs on the client's
         * notification thread, in order with the call's progress and before the call completes; it must
         * return quickly.
         */
        public Builder onLog(LoggingLevel minimum, Consumer<LoggingMessageNotificationParams> listener) {
            this.logLevel = Objects.requireNonNull(minimum, "minimum");
            this.onLog = Objects.requireNonNull(listener, "listener");
            return this;
        }

        public CallOptions build() {
            return new CallOptions(this);
        }
    }
}
