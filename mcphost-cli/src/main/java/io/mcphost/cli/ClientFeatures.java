package io.mcphost.cli;

import io.mcphost.client.McpClient;
import io.mcphost.client.McpClientBuilder;
import io.mcphost.client.SamplingHandler;
import io.mcphost.client.ServerRequestContext;
import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.McpMethod;
import io.mcphost.protocol.logging.LoggingLevel;
import io.mcphost.protocol.logging.LoggingMessageNotificationParams;
import io.mcphost.protocol.sampling.CreateMessageRequestParams;
import io.mcphost.protocol.sampling.CreateMessageResult;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What the CLI's client offers a server and how it shows what the server sends back: elicitation
 * answered on the terminal ({@link TerminalElicitation}), sampling (announced unless {@code --no-sampling},
 * each request declined: no model is configured), and the server's log messages with {@code --log-level}.
 * Everything it prints goes to stderr, so stdout keeps only results. Thread-safe: the handlers run
 * on the client's virtual threads, log messages on its notification thread.
 */
final class ClientFeatures {
    /** The error a sampling request gets; -1 is the spec's code for a refused sampling request. */
    static final String NO_MODEL = "sampling is not available in the mcphost CLI: no model is configured";

    private final PrintWriter err;
    private final TerminalElicitation elicitation;
    private final boolean announceSampling;
    private final Optional<LoggingLevel> logLevel;
    private final Optional<TrafficLog> traffic;

    /**
     * @param logLevel the {@code --log-level} given, or null
     * @param verbose  {@code -v}: print the JSON-RPC traffic on stderr ({@link TrafficLog})
     * @throws IllegalArgumentException if {@code logLevel} names no level, saying which exist
     */
    ClientFeatures(PrintWriter err, TerminalInput input, boolean announceSampling, String logLevel, boolean verbose) {
        this.err = err;
        this.elicitation = new TerminalElicitation(input, err);
        this.announceSampling = announceSampling;
        this.logLevel = Optional.ofNullable(logLevel).map(ClientFeatures::level);
        this.traffic = verbose ? Optional.of(new TrafficLog(err)) : Optional.empty();
    }

    static LoggingLevel level(String name) {
        return Arrays.stream(LoggingLevel.values()).filter(l -> l.wireName().equals(name.toLowerCase(Locale.ROOT)))
                .findFirst().orElseThrow(() -> new IllegalArgumentException("--log-level takes "
                        + Arrays.stream(LoggingLevel.values()).map(LoggingLevel::wireName).collect(Collectors.joining("|"))
                        + ", not '" + name + "'"));
    }

    /**
     * Adds the handlers to {@code builder} (a client for the server called {@code name}), connects, and asks for the chosen log level when the
     * server supports logging (a notice on stderr when it does not). The caller closes the client.
     */
    McpClient connect(McpClientBuilder builder, String name) {
        handlers(builder);
        logLevel.ifPresent(level -> builder.onLog(message -> print(name, message)));
        McpClient client = builder.connect();
        try {
            logLevel.ifPresent(level -> {
                if (client.serverCapabilities().logging().isPresent()) {
                    client.setLoggingLevel(level);
                } else {
                    err.println("mcphost: server '" + client.name() + "' does not offer logging; --log-level has no effect");
                    err.flush();
                }
            });
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
        return client;
    }

    /** The same features for every server of a host: shared handlers and log printing. */
    io.mcphost.host.McpHostBuilder configure(io.mcphost.host.McpHostBuilder builder) {
        handlers(builder);
        logLevel.ifPresent(level -> builder.onEvent(event -> {
            if (event instanceof io.mcphost.host.HostEvent.ServerLog log) {
                print(log.server(), log.message());
            }
        }));
        return builder;
    }

    /** The terminal's elicitation, sampling as chosen and the traffic log, set alike on a client's or a host's builder. */
    private <B extends io.mcphost.client.ClientSettings.Setters<B>> void handlers(B builder) {
        builder.elicitation(elicitation.handler());
        if (announceSampling) {
            builder.sampling(SamplingHandler.blocking(this::declineSampling));
        }
        traffic.ifPresent(builder::observer);
    }

    /** Asks every READY server of {@code host} that offers logging for the chosen level. */
    void afterStart(io.mcphost.host.McpHost host) {
        logLevel.ifPresent(level -> host.servers().forEach(status -> host.client(status.name()).ifPresent(client -> {
            if (client.serverCapabilities().logging().isPresent()) {
                client.setLoggingLevel(level);
            }
        })));
    }

    /**
     * Sampling is announced by default, so a server that needs it asks and the user sees that it did;
     * each request is refused with a reason the server can pass on. {@code --no-sampling} leaves it
     * unannounced, so the server takes its own way without a model.
     */
    private CreateMessageResult declineSampling(CreateMessageRequestParams request, ServerRequestContext context) {
        err.println("mcphost: server '" + TerminalElicitation.printable(context.server()) + "' asked for sampling (a model's reply to "
                + request.messages().size() + " message(s), at most " + request.maxTokens() + " tokens); declined: no model is configured");
        err.flush();
        throw new McpError(context.server(), McpMethod.SAMPLING_CREATE_MESSAGE, JsonRpcError.of(-1, NO_MODEL));
    }

    /** {@code [server] level [logger]: message}, one line on stderr. */
    private void print(String server, LoggingMessageNotificationParams message) {
        String text = message.data().isString() ? message.data().stringValue() : message.data().toString();
        err.println(TerminalElicitation.printable("[" + server + "] " + message.level().wireName()
                + message.logger().map(l -> " [" + l + "]").orElse("") + ": " + text).replace('\n', ' '));
        err.flush();
    }
}
