package io.mcphost.client;

import java.time.Duration;
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
 */
public final class CallOptions {
    private static final CallOptions DEFAULTS = new Builder().build();

    private final Duration timeout;
    private final Consumer<Progress> onProgress;
    private final JsonNode meta;

    private CallOptions(Builder builder) {
        this.timeout = builder.timeout;
        this.onProgress = builder.onProgress;
        this.meta = builder.meta;
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

    /** Builds {@link CallOptions}. Not thread-safe. */
    public static final class Builder {
        private Duration timeout;
        private Consumer<Progress> onProgress;
        private JsonNode meta;

        private Builder() {
        }

        /** The call's deadline; must be positive. */
        public Builder timeout(Duration timeout) {
            Objects.requireNonNull(timeout, "timeout");
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("timeout must be positive, got " + timeout);
            }
            this.timeout = timeout;
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

        public CallOptions build() {
            return new CallOptions(this);
        }
    }
}
