package io.mcphost.host;

import static io.mcphost.protocol.internal.Settings.positive;

import io.mcphost.client.ElicitationHandler;
import io.mcphost.protocol.Era;
import io.mcphost.client.SamplingHandler;
import io.mcphost.auth.AuthorizationHandler;
import io.mcphost.config.HttpConfig;
import io.mcphost.config.ServerConfig;
import io.mcphost.config.StdioConfig;
import io.mcphost.protocol.roots.Root;
import io.mcphost.transport.Transport;
import io.mcphost.transport.stdio.StdioTransport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One server of an {@link McpHost}: its name, how to reach it, and the host's options for it.
 * Immutable and thread-safe.
 *
 * <p>The transport comes from a factory because a server that is restarted or reconnected needs a
 * fresh one (a child process runs once). A {@linkplain io.mcphost.transport.Reopenable re-openable} transport
 * (HTTP) is reused across reconnects, so it keeps what it learned (such as the SSE fallback).
 *
 * <p>Handlers set here (elicitation, sampling, roots) override the host's shared ones for this server.
 */
public final class ServerSpec {
    private final String name;
    private final Function<AuthorizationHandler, Transport> transports;
    private final String description;
    private final boolean required;
    private final Optional<String> prefix;
    private final ToolFilter filter;
    private final Optional<Duration> startupTimeout;
    private final Optional<Duration> requestTimeout;
    private final Optional<ElicitationHandler> elicitation;
    private final Optional<SamplingHandler> sampling;
    private final Optional<List<Root>> roots;
    private final Era era;

    private ServerSpec(Builder b) {
        this.name = b.name;
        this.transports = b.transports;
        this.description = b.description;
        this.required = b.required;
        this.prefix = Optional.ofNullable(b.prefix);
        this.filter = ToolFilter.of(b.allow, b.deny);
        this.startupTimeout = Optional.ofNullable(b.startupTimeout);
        this.requestTimeout = Optional.ofNullable(b.requestTimeout);
        this.elicitation = Optional.ofNullable(b.elicitation);
        this.sampling = Optional.ofNullable(b.sampling);
        this.roots = Optional.ofNullable(b.roots);
        this.era = b.era;
    }

    /**
     * A server reached through transports made by {@code transports} (called once per start; it must
     * not do I/O). {@code name} is how the host, its catalog prefixes, events and errors refer to it.
     */
    public static Builder builder(String name, Supplier<Transport> transports) {
        Objects.requireNonNull(transports, "transports");
        return new Builder(name, handler -> transports.get());
    }

    /**
     * A server whose transports take the host's {@linkplain McpHost.Builder#authorization authorization
     * handler} (null when the host has none): give it to the transport's OAuth settings, and the host
     * shows a server waiting for a user as {@link ServerState#AUTH_REQUIRED} with the URL in its status.
     * {@code transports} is called once per start; it must not do I/O.
     */
    public static Builder authorizing(String name, Function<AuthorizationHandler, Transport> transports) {
        return new Builder(name, transports);
    }

    /**
     * The server of a configuration-file entry: its transport, {@code required}, {@code timeout} (used
     * for startup and per request), {@code prefix}, {@code era}, and {@code allowTools}/{@code denyTools}/
     * {@code disabledTools} as the tool filter. The configuration's own conversion
     * ({@link ServerConfig#toTransport()}, {@link io.mcphost.config.TransportConfig#describe()}) is the only one:
     * the host adds no knowledge of configuration formats. Does no I/O.
     */
    public static ServerSpec fromConfig(ServerConfig config) {
        return fromConfig(config, stdio -> { });
    }

    /**
     * As {@link #fromConfig(ServerConfig)}, with the builder of each stdio transport (one per start)
     * passed to {@code stdio} before it is built, for settings a configuration file does not hold, such as
     * a shorter {@link StdioTransport.Builder#closeGracePeriod} for a command-line tool. HTTP entries are
     * not affected. {@code stdio} is called on the thread starting the server and must not do I/O.
     */
    public static ServerSpec fromConfig(ServerConfig config, Consumer<StdioTransport.Builder> stdio) {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(stdio, "stdio");
        // An HTTP entry's OAuth flow shows its URL through the host's handler (none: a user must log in first).
        Builder b = authorizing(config.name(), handler -> switch (config.transport()) {
            case HttpConfig http -> http.toTransport(config.name(), handler);
            case StdioConfig local -> {
                StdioTransport.Builder builder = local.transportBuilder(config.name());
                stdio.accept(builder);
                yield builder.build();
            }
        }).required(config.isRequired());
        b.description = config.transport().describe();
        config.prefix().ifPresent(b::prefix);
        config.timeout().ifPresent(t -> b.startupTimeout(t).requestTimeout(t));
        config.era().ifPresent(b::era);
        b.allow.addAll(config.allowTools());
        b.deny.addAll(config.denyTools());
        b.deny.addAll(config.disabledTools());
        return b.build();
    }

    public String name() {
        return name;
    }

    /** A new transport for one start of this server, without an authorization handler. */
    public Transport newTransport() {
        return newTransport(null);
    }

    /** A new transport for one start of this server, whose OAuth flow (if any) shows its URL through {@code handler} (may be null). */
    public Transport newTransport(AuthorizationHandler handler) {
        return Objects.requireNonNull(transports.apply(handler), () -> "the transport factory of server '" + name + "' returned null");
    }

    /** How the server is reached, for status tables; never contains header values or tokens. */
    public Optional<String> description() {
        return Optional.ofNullable(description);
    }

    public boolean required() {
        return required;
    }

    /** The prefix of this server's tool and prompt names; the host uses the server's name when absent. */
    public Optional<String> prefix() {
        return prefix;
    }

    /** Which of this server's tools are offered (matched against the tools' own names). */
    public ToolFilter filter() {
        return filter;
    }

    public Optional<Duration> startupTimeout() {
        return startupTimeout;
    }

    public Optional<Duration> requestTimeout() {
        return requestTimeout;
    }

    public Optional<ElicitationHandler> elicitation() {
        return elicitation;
    }

    public Optional<SamplingHandler> sampling() {
        return sampling;
    }

    public Optional<List<Root>> roots() {
        return roots;
    }

    /** Which protocol era the client speaks to this server ({@link Era#AUTO}, detect, unless set). */
    public Era era() {
        return era;
    }

    @Override
    public String toString() {
        return "ServerSpec[" + name + (description == null ? "" : ", " + description) + "]";
    }

    /** Builds a {@link ServerSpec}. Not thread-safe. */
    public static final class Builder {
        private final String name;
        private final Function<AuthorizationHandler, Transport> transports;
        private String description;
        private boolean required;
        private String prefix;
        private final List<String> allow = new ArrayList<>();
        private final List<String> deny = new ArrayList<>();
        private Duration startupTimeout;
        private Duration requestTimeout;
        private ElicitationHandler elicitation;
        private SamplingHandler sampling;
        private List<Root> roots;
        private Era era = Era.AUTO;

        private Builder(String name, Function<AuthorizationHandler, Transport> transports) {
            Objects.requireNonNull(name, "name");
            if (name.isBlank()) {
                throw new IllegalArgumentException("a server name must not be blank");
            }
            this.name = name;
            this.transports = Objects.requireNonNull(transports, "transports");
        }

        /** How the server is reached, for status tables (no secrets). */
        public Builder description(String description) {
            this.description = Objects.requireNonNull(description, "description");
            return this;
        }

        /** A required server that cannot start makes the whole host fail to start. False unless set. */
        public Builder required(boolean required) {
            this.required = required;
            return this;
        }

        /** The prefix of this server's exposed tool and prompt names (its name unless set). */
        public Builder prefix(String prefix) {
            Objects.requireNonNull(prefix, "prefix");
            if (prefix.isBlank()) {
                throw new IllegalArgumentException("a prefix must not be blank");
            }
            this.prefix = prefix;
            return this;
        }

        /** Offer only tools whose names match one of these globs ({@code *}, {@code ?}); adds to earlier calls. */
        public Builder allowTools(String... globs) {
            allow.addAll(List.of(globs));
            return this;
        }

        /** Hide tools whose names match one of these globs; deny wins over allow. Adds to earlier calls. */
        public Builder denyTools(String... globs) {
            deny.addAll(List.of(globs));
            return this;
        }

        /** Deadline of this server's handshake (the host's startup timeout unless set). */
        public Builder startupTimeout(Duration timeout) {
            this.startupTimeout = positive(timeout, "startupTimeout");
            return this;
        }

        /** Default deadline of requests to this server (the host's request timeout unless set). */
        public Builder requestTimeout(Duration timeout) {
            this.requestTimeout = positive(timeout, "requestTimeout");
            return this;
        }

        /** Answers this server's elicitation requests instead of the host's shared handler. */
        public Builder elicitation(ElicitationHandler handler) {
            this.elicitation = Objects.requireNonNull(handler, "handler");
            return this;
        }

        /** Answers this server's sampling requests instead of the host's shared handler. */
        public Builder sampling(SamplingHandler handler) {
            this.sampling = Objects.requireNonNull(handler, "handler");
            return this;
        }

        /** The roots this server sees instead of the host's shared ones. */
        public Builder roots(List<Root> roots) {
            this.roots = List.copyOf(roots);
            return this;
        }

        /**
         * The protocol era to speak to this server (see {@link io.mcphost.client.McpClientBuilder#era}):
         * {@link Era#AUTO} (the default) detects it; {@link Era#LEGACY} skips the probe and goes
         * straight to {@code initialize}; {@link Era#MODERN} accepts only a 2026-07-28 server.
         */
        public Builder era(Era era) {
            this.era = Objects.requireNonNull(era, "era");
            return this;
        }

        public ServerSpec build() {
            return new ServerSpec(this);
        }
    }
}
