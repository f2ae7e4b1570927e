package io.mcphost.client;

import static io.mcphost.protocol.internal.Settings.positive;

import io.mcphost.client.internal.ClientConfig;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.roots.Root;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The settings of a server's client that an {@link McpClientBuilder}, a host's server
 * ({@code ServerSpec.Builder}) and a whole host ({@code McpHostBuilder}) all set: one record, so that
 * each setting is validated in one place, and a host hands its servers' clients exactly what was set.
 * Each setting may be unset: {@link #orElse} layers them (a server's own over its host's, the host's over
 * {@link #DEFAULTS}). Immutable and thread-safe; the {@code with…} methods return changed copies.
 */
public final class ClientSettings {
    /** Nothing set. */
    public static final ClientSettings NONE = new ClientSettings();

    /**
     * What a client uses for what nobody set: {@code mcphost} and its version as client info, {@link Era#AUTO},
     * a 60 s request timeout, a 30 s initialize (startup) timeout, a 5 s close budget; no handlers, no roots,
     * no observer (those client features stay off).
     */
    public static final ClientSettings DEFAULTS = NONE.copy(s -> {
        s.clientInfo = Implementation.of("mcphost", McpClientVersion.VERSION);
        s.era = Era.AUTO;
        s.requestTimeout = Duration.ofSeconds(60);
        s.initializeTimeout = Duration.ofSeconds(30);
        s.closeTimeout = Duration.ofSeconds(5);
    });

    private Implementation clientInfo;
    private Era era;
    private Duration requestTimeout;
    private Duration initializeTimeout;
    private Duration closeTimeout;
    private ElicitationHandler elicitation;
    private SamplingHandler sampling;
    private List<Root> roots;
    private RequestObserver observer;
    private io.mcphost.auth.TokenStore eraMemory;

    private ClientSettings() {
    }

    /** How the client introduces itself in {@code initialize} (and the modern {@code _meta}). */
    public Optional<Implementation> clientInfo() {
        return Optional.ofNullable(clientInfo);
    }

    /** Which protocol era the client speaks; see {@link Setters#era}. */
    public Optional<Era> era() {
        return Optional.ofNullable(era);
    }

    /** The default deadline of each request; a call may set its own. */
    public Optional<Duration> requestTimeout() {
        return Optional.ofNullable(requestTimeout);
    }

    /** The deadline of the whole handshake (a host's "startup timeout"). */
    public Optional<Duration> initializeTimeout() {
        return Optional.ofNullable(initializeTimeout);
    }

    /** The budget of closing the client. */
    public Optional<Duration> closeTimeout() {
        return Optional.ofNullable(closeTimeout);
    }

    public Optional<ElicitationHandler> elicitation() {
        return Optional.ofNullable(elicitation);
    }

    public Optional<SamplingHandler> sampling() {
        return Optional.ofNullable(sampling);
    }

    /** The roots exposed to the server, every one a {@code file://} URI. */
    public Optional<List<Root>> roots() {
        return Optional.ofNullable(roots);
    }

    public Optional<RequestObserver> observer() {
        return Optional.ofNullable(observer);
    }

    /** Where each server's era is remembered between runs; see {@link Setters#eraMemory}. */
    public Optional<io.mcphost.auth.TokenStore> eraMemory() {
        return Optional.ofNullable(eraMemory);
    }

    public ClientSettings withClientInfo(Implementation clientInfo) {
        Objects.requireNonNull(clientInfo, "clientInfo");
        return copy(s -> s.clientInfo = clientInfo);
    }

    public ClientSettings withEra(Era era) {
        Objects.requireNonNull(era, "era");
        return copy(s -> s.era = era);
    }

    /** @throws IllegalArgumentException if not positive */
    public ClientSettings withRequestTimeout(Duration timeout) {
        Duration checked = positive(timeout, "requestTimeout");
        return copy(s -> s.requestTimeout = checked);
    }

    /**
     * @param setting the setting's name in the message, as the caller's builder calls it
     *                ({@code initializeTimeout}, {@code startupTimeout})
     * @throws IllegalArgumentException if not positive
     */
    public ClientSettings withInitializeTimeout(Duration timeout, String setting) {
        Duration checked = positive(timeout, setting);
        return copy(s -> s.initializeTimeout = checked);
    }

    /** @throws IllegalArgumentException if not positive */
    public ClientSettings withCloseTimeout(Duration timeout) {
        Duration checked = positive(timeout, "closeTimeout");
        return copy(s -> s.closeTimeout = checked);
    }

    public ClientSettings withElicitation(ElicitationHandler handler) {
        Objects.requireNonNull(handler, "handler");
        return copy(s -> s.elicitation = handler);
    }

    public ClientSettings withSampling(SamplingHandler handler) {
        Objects.requireNonNull(handler, "handler");
        return copy(s -> s.sampling = handler);
    }

    /** @throws IllegalArgumentException if a root is not a {@code file://} URI, as the spec requires (client/roots) */
    public ClientSettings withRoots(List<Root> roots) {
        List<Root> checked = ClientConfig.fileRoots(Objects.requireNonNull(roots, "roots"));
        return copy(s -> s.roots = checked);
    }

    public ClientSettings withObserver(RequestObserver observer) {
        Objects.requireNonNull(observer, "observer");
        return copy(s -> s.observer = observer);
    }

    public ClientSettings withEraMemory(io.mcphost.auth.TokenStore store) {
        Objects.requireNonNull(store, "store");
        return copy(s -> s.eraMemory = store);
    }

    /** These settings, with each one not set here taken from {@code fallback}. */
    public ClientSettings orElse(ClientSettings fallback) {
        Objects.requireNonNull(fallback, "fallback");
        return copy(s -> {
            s.clientInfo = clientInfo != null ? clientInfo : fallback.clientInfo;
            s.era = era != null ? era : fallback.era;
            s.requestTimeout = requestTimeout != null ? requestTimeout : fallback.requestTimeout;
            s.initializeTimeout = initializeTimeout != null ? initializeTimeout : fallback.initializeTimeout;
            s.closeTimeout = closeTimeout != null ? closeTimeout : fallback.closeTimeout;
            s.elicitation = elicitation != null ? elicitation : fallback.elicitation;
            s.sampling = sampling != null ? sampling : fallback.sampling;
            s.roots = roots != null ? roots : fallback.roots;
            s.observer = observer != null ? observer : fallback.observer;
            s.eraMemory = eraMemory != null ? eraMemory : fallback.eraMemory;
        });
    }

    /** A copy of this with {@code change} applied: the only place a {@code ClientSettings} is written. */
    private ClientSettings copy(Consumer<ClientSettings> change) {
        ClientSettings copy = new ClientSettings();
        copy.clientInfo = clientInfo;
        copy.era = era;
        copy.requestTimeout = requestTimeout;
        copy.initializeTimeout = initializeTimeout;
        copy.closeTimeout = closeTimeout;
        copy.elicitation = elicitation;
        copy.sampling = sampling;
        copy.roots = roots;
        copy.observer = observer;
        copy.eraMemory = eraMemory;
        change.accept(copy);
        return copy;
    }

    /**
     * The setters every builder of a client's settings shares ({@link McpClientBuilder}, {@code ServerSpec.Builder},
     * {@code McpHostBuilder}), written once here over {@link #settings()}. On a host they apply to every server
     * that does not set its own; on a server, to that server's client. Like the builders, not thread-safe.
     *
     * @param <B> the builder, returned for chaining
     */
    public interface Setters<B extends Setters<B>> {
        /** What this builder has set so far. */
        ClientSettings settings();

        /** Replaces everything this builder has set of the shared settings with {@code settings}. */
        B settings(ClientSettings settings);

        /** How the client introduces itself in {@code initialize} ({@code mcphost} and its version unless set). */
        default B clientInfo(Implementation clientInfo) {
            return settings(settings().withClientInfo(clientInfo));
        }

        /**
         * Which protocol era to speak: {@link Era#AUTO} (the default) detects it when connecting,
         * {@link Era#MODERN} speaks revision 2026-07-28 only (a legacy server fails the connect with an
         * actionable message), {@link Era#LEGACY} runs the {@code initialize} handshake at once (no probe).
         */
        default B era(Era era) {
            return settings(settings().withEra(era));
        }

        /** Default deadline of each request (60 s unless set); a call may set its own. */
        default B requestTimeout(Duration timeout) {
            return settings(settings().withRequestTimeout(timeout));
        }

        /**
         * Lets the server ask the user for input ({@code elicitation/create}, form and URL mode) through
         * {@code handler}, and announces the {@code elicitation} capability. Off unless set. See
         * {@link ElicitationHandler} for threading, validation, deadline and cancellation.
         */
        default B elicitation(ElicitationHandler handler) {
            return settings(settings().withElicitation(handler));
        }

        /**
         * Lets the server ask the application's model for messages ({@code sampling/createMessage})
         * through {@code handler}, and announces the {@code sampling} capability (with {@code tools}).
         * Off unless set. See {@link SamplingHandler}.
         */
        default B sampling(SamplingHandler handler) {
            return settings(settings().withSampling(handler));
        }

        /**
         * Exposes {@code roots} to the server ({@code roots/list}, possibly empty) and announces the
         * {@code roots} capability with {@code listChanged}; a client changes them later with
         * {@link McpClient#setRoots(List)}. Off unless set.
         *
         * @throws IllegalArgumentException if a root is not a {@code file://} URI, as the spec requires
         */
        default B roots(List<Root> roots) {
            return settings(settings().withRoots(roots));
        }

        /**
         * Observes every request the client sends, {@code initialize} included (each reconnection's new
         * client too, for a host), and may add {@code _meta} entries to it (W3C trace context); see
         * {@link RequestObserver}. One observer at most; {@code mcphost-otel} provides one. Off unless set.
         */
        default B observer(RequestObserver observer) {
            return settings(settings().withObserver(observer));
        }

        /**
         * Remembers each server's protocol era in {@code store} (the place tokens are kept, e.g.
         * {@link io.mcphost.auth.TokenStore#files()}), keyed by the server's name and transport: a later
         * connect — in this run or the next — of a server known as modern waits for its
         * {@code server/discover} answer however long its start takes, one known as legacy goes straight
         * to {@code initialize}; either is forgotten the moment the server answers as the other era. Unset,
         * an OAuth-protected HTTP server remembers its era in its OAuth token store, and any other server
         * for the client's lifetime only (see docs/eras.md).
         */
        default B eraMemory(io.mcphost.auth.TokenStore store) {
            return settings(settings().withEraMemory(store));
        }
    }
}
