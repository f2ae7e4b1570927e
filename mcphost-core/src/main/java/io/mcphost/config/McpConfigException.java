package io.mcphost.config;

import io.mcphost.protocol.McpException;
import java.util.Objects;
import java.util.Optional;

/**
 * A configuration file is unreadable, malformed, or refers to something that cannot be
 * resolved (a variable that is not set, an input nobody answered). The message always starts
 * with the file, then the server and the key at fault when there is one, for example
 * {@code mcp.json: server 'github': "args" must be an array of strings}. Messages never quote
 * the values of environment variables, inputs or headers.
 *
 * <p>Unchecked, and part of the {@link McpException} family so one {@code catch} covers everything
 * McpHost throws; its type says it is a mistake made before any server was started, not a failure
 * while talking to one. Immutable.
 */
public final class McpConfigException extends McpException {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final String server;
    private final String key;

    /**
     * A problem in {@code source}, optionally in one server and one key of it.
     *
     * @param source the file (or the name given to {@link McpConfigLoader#parse})
     * @param server the server's name, or null for a file-level problem
     * @param key the key at fault as a path such as {@code args[2]} or {@code env.TOKEN}, or null
     * @param problem what is wrong, as a sentence fragment
     * @param cause the underlying failure, or null
     */
    public McpConfigException(String source, String server, String key, String problem, Throwable cause) {
        // The server goes to the message here, after the file; McpException would put it first.
        super(null, format(source, server, key, problem), cause);
        this.source = Objects.requireNonNull(source, "source");
        this.server = server;
        this.key = key;
    }

    /** A problem in one key of one server (either may be null), with no underlying cause. */
    public McpConfigException(String source, String server, String key, String problem) {
        this(source, server, key, problem, null);
    }

    private static String format(String source, String server, String key, String problem) {
        StringBuilder sb = new StringBuilder(Objects.requireNonNull(source, "source")).append(": ");
        if (server != null) {
            sb.append("server '").append(server).append("': ");
        }
        if (key != null) {
            sb.append('"').append(key).append("\" ");
        }
        return sb.append(Objects.requireNonNull(problem, "problem")).toString();
    }

    /** The file at fault, as it was named to the loader. */
    public String source() {
        return source;
    }

    /** The server at fault, when the problem is inside one server's entry. */
    @Override
    public Optional<String> server() {
        return Optional.ofNullable(server);
    }

    /** The key at fault, as a path such as {@code args[2]}, {@code env.TOKEN} or {@code headers.Authorization}. */
    public Optional<String> key() {
        return Optional.ofNullable(key);
    }
}
