package io.mcphost.protocol;

import java.util.Optional;

/**
 * The root of every exception McpHost throws. Unchecked, so blocking and asynchronous calls fail
 * with the same types ({@link java.util.concurrent.CompletionException} wraps them in futures).
 *
 * <p>Above the transport layer every exception names the server it concerns, and the message
 * starts with that name so a log line alone says where the problem is. A tool result with
 * {@code isError: true} is a result, never one of these. A configuration mistake, found before
 * any server is started, is {@code io.mcphost.config.McpConfigException}: one root lets an
 * application catch everything McpHost throws in one place.
 *
 * <p>Not sealed on purpose: the layers above the protocol (configuration, authorisation,
 * transports) define their own subclasses where they raise them, and a sealed root would have to
 * name them here, tying the lowest layer to every layer above it. Every subclass is final or
 * sealed itself.
 */
public abstract class McpException extends RuntimeException {

    private final String server;

    protected McpException(String server, String message, Throwable cause) {
        super(message, cause);
        this.server = server;
    }

    /** The server this concerns, empty only below the client layer. */
    public Optional<String> server() {
        return Optional.ofNullable(server);
    }

    /** The message without the leading server name, for wrapping in another exception about the same server. */
    public String detail() {
        return super.getMessage();
    }

    @Override
    public String getMessage() {
        String message = super.getMessage();
        return server == null ? message : "server '" + server + "': " + message;
    }
}
