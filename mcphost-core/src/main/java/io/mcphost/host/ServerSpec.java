package io.mcphost.host;

import io.mcphost.auth.AuthorizationHandler;
import io.mcphost.client.ClientSettings;
import io.mcphost.client.ElicitationHandler;
import io.mcphost.client.SamplingHandler;
import io.mcphost.config.ServerConfig;
import io.mcphost.protocol.Era;
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
 * <p>Its client's settings ({@link #settings()}: timeouts, era, elicitation, sampling, roots, observer) override
 * the host's for this server; what it leaves unset is the host's.
 */
public final class ServerSpec {
    private final String name;
    private final Function<AuthorizationHandler, Transport> transports;
    private final String description;
    private final boolean required;
    private final Optional<String> prefix;
    private final ToolFilter filter;
    private final ToolFilter autoApproved;
    private final ClientSettings settings;

    private ServerSpec(Builder b) {
        this.name = b.name;
        this.transports = b.transports;
        this.description = b.description;
        this.required = b.required;
        this.prefix = Optional.ofNullable(b.prefix);
        this.filter = ToolFilter.of(b.allow, b.deny);
        this.autoApproved = ToolFilter.allow(b.autoApprove.toArray(String[]::new)); // none unless listed
        this.settings = b.settings;
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
     * A server whose transports take the host's {@linkplain McpHostBuilder#authorization authorization
     * handler} (null when the host has none): give it to the transport's OAuth settings, and the host
     * shows a server waiting for a user as {@link ServerState#AUTH_REQUIRED} with the URL in its status.
     * {@code transports} is called once per start; it must not do I/O.
     */
    public static Builder authorizing(String name, Function<AuthorizationHandler, Transport> transports) {
        return new Builder(name, transports);
    }

    /**
     * The server of a configuration-file entry: its transport, {@code required}, {@code timeout} (used
     * for startup and per request), {@code prefix}, {@code era}, {@code allowTools}/{@code denyTools}/
     * {@code disabledTools} as the tool filter, and {@code autoApprove} as the tools called without the host's
     * {@linkplain McpHostBuilder#approval approval}. The configuration's own conversion
     * ({@link io.mcphost.config.TransportConfig#toTransport(String, AuthorizationHandler, Consumer)},
     * {@link io.mcphost.config.TransportConfig#describe()}) is the only one: the host adds no knowledge of
     * configuration formats or transport kinds. Does no I/O.
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
        Builder b = authorizing(config.name(), handler -> config.transport().toTransport(config.name(), handler, stdio))
                .required(config.isRequired())
                .description(config.transport().describe());
        config.prefix().ifPresent(b::prefix);
        config.timeout().ifPresent(t -> b.startupTimeout(t).requestTimeout(t));
        config.era().ifPresent(b::era);
        b.allow.addAll(config.allowTools());
        b.deny.addAll(config.denyTools());
        b.deny.addAll(config.disabledTools());
        b.autoApprove.addAll(config.autoApprove());
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

    /**
     * Which of this server's tools are called without asking the host's {@linkplain McpHostBuilder#approval
     * approval} (matched against the tools' own names); none unless set.
     */
    public ToolFilter autoApproved() {
        return autoApproved;
    }

    /** This server's own client settings; what is unset here is the host's. */
    public ClientSettings settings() {
        return settings;
    }

    public Optional<Duration> startupTimeout() {
        return settings.initializeTimeout();
    }

    public Optional<Duration> requestTimeout() {
        return settings.requestTimeout();
    }

    public Optional<ElicitationHandler> elicitation() {
        return settings.elicitation();
    }

    public Optional<SamplingHandler> sampling() {
        return settings.sampling();
    }

    public Optional<List<Root>> roots() {
        return settings.roots();
    }

    /** Which protocol era the client speaks to this server ({@link Era#AUTO}, detect, unless this spec or the host sets one). */
    public Era era() {
        return settings.era().orElse(Era.AUTO);
    }

    @Override
    public String toString() {
        return "ServerSpec[" + name + (description == null ? "" : ", " + description) + "]";
    }

    /**
     * Builds a {@link ServerSpec}. Not thread-safe. The client settings it shares with the host's and the
     * client's builders ({@link ClientSettings.Setters}) apply to this server only, over the host's.
     */
    public static final class Builder implements ClientSettings.Setters<Builder> {
        private final String name;
        private final Function<AuthorizationHandler, Transport> transports;
        private String description;
        private boolean required;
        private String prefix;
        private final List<String> allow = new ArrayList<>();
        private final List<String> deny = new ArrayList<>();
        private final List<String> autoApprove = new ArrayList<>();
        private ClientSettings settings = ClientSettings.NONE;

        private Builder(String name, Function<AuthorizationHandler, Transport> transports) {
            Objects.requireNonNull(name, "name");
            if (name.isBlank()) {
                throw new IllegalArgumentException("a server name must not be blank");
            }
            this.name = name;
            this.transports = Objects.requireNonNull(transports, "transports");
        }

        @Override
        public ClientSettings settings() {
            return settings;
        }

        @Override
        public Builder settings(ClientSettings settings) {
            this.settings = Objects.requireNonNull(settings, "settings");
            return this;
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

        /**
         * Tools (their own names, or globs) the host calls without asking its {@linkplain McpHostBuilder#approval
         * approval}, as the {@code autoApprove} list of Claude, Cline and VS Code configurations means. Adds to
         * earlier calls; no effect on a host without an approval.
         */
        public Builder autoApprove(String... globs) {
            autoApprove.addAll(List.of(globs));
            return this;
        }

        /** Deadline of this server's handshake (the host's startup timeout unless set). */
        public Builder startupTimeout(Duration timeout) {
            return settings(settings.withInitializeTimeout(timeout, "startupTimeout"));
        }

        public ServerSpec build() {
            return new ServerSpec(this);
        }
    }
}
