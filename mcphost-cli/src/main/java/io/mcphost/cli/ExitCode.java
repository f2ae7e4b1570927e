package io.mcphost.cli;

import io.mcphost.config.McpConfigException;
import io.mcphost.protocol.McpCancelledException;
import io.mcphost.protocol.McpCapabilityException;
import io.mcphost.protocol.McpClosedException;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.McpInputRequiredException;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.McpNotFoundException;
import io.mcphost.protocol.McpProtocolException;
import io.mcphost.protocol.McpTimeoutException;
import io.mcphost.protocol.McpTransportException;
import io.mcphost.protocol.ServerUnavailableException;
import java.util.regex.Pattern;

/**
 * The exit codes of {@code mcphost}, one table for human and {@code --json} output alike, so a script
 * can branch on them. The failure codes are derived from the exception's type, never from which
 * command or how many servers were used.
 */
final class ExitCode {
    /** Success. */
    static final int OK = 0;
    /** The tool ran and returned an error result ({@code isError: true}). */
    static final int TOOL_ERROR = 1;
    /** The command line is wrong: unknown option, bad value, missing argument, unreadable config. */
    static final int USAGE = 2;
    /**
     * The request was refused: a JSON-RPC error from the server (unknown prompt or resource, invalid params), or a
     * tool the server does not list, refused before calling (whether the server would answer an error or a result).
     */
    static final int REFUSED = 3;
    /** The server cannot be reached or the connection failed (process died, HTTP error, broken stream). */
    static final int CONNECTION = 4;
    /** No answer within the timeout. */
    static final int TIMEOUT = 5;
    /** The server wants authorisation (HTTP 401 or 403). */
    static final int UNAUTHORISED = 6;
    /**
     * What the server sent failed the host's own checks, so nothing of it was used: a skill whose file's size,
     * digest or frontmatter differs from its entry, or whose entry lists an unsafe path ({@code mcphost skill}).
     */
    static final int VERIFICATION = 7;
    /** Ended by Ctrl-C (128 + SIGINT, as shells report it). */
    static final int CANCELLED = 130;

    /** The table as {@code --help} and the README show it. */
    static final String[] TABLE = {
        "Exit codes (the same with --json):",
        "  0  success",
        "  1  the tool returned an error result (isError: true)",
        "  2  usage error (options, arguments, config file)",
        "  3  the server refused the request (JSON-RPC error: unknown prompt",
        "     or resource, invalid params), or the tool is not in its list",
        "  4  cannot connect, or the connection failed",
        "  5  timeout",
        "  6  authorisation needed (HTTP 401/403)",
        "  7  a skill failed verification (size, digest, frontmatter, unsafe",
        "     path): nothing of it was printed or written",
        "130  ended by Ctrl-C (a call in progress is cancelled at the server;",
        "     subscribe, which runs until Ctrl-C, ends with 0)",
    };

    // The HTTP transport reports a refused authorisation as "HTTP 401 from <url>…" (or "answered HTTP 403").
    private static final Pattern UNAUTHORISED_STATUS = Pattern.compile("\\bHTTP 40[13]\\b");

    private ExitCode() {
    }

    /** The exit code for a failure that ended a command. */
    static int of(Throwable failure) {
        if (!(failure instanceof McpException e)) {
            return CONNECTION;
        }
        return switch (e) {
            case io.mcphost.client.SkillVerificationException verification -> VERIFICATION;
            case McpError error -> REFUSED;
            case McpNotFoundException notFound -> REFUSED;
            case McpCapabilityException capability -> REFUSED;
            case McpInputRequiredException input -> REFUSED;
            case McpTimeoutException timeout -> TIMEOUT;
            case McpCancelledException cancelled -> CANCELLED;
            case McpConfigException config -> USAGE;
            case io.mcphost.protocol.McpInvalidArgumentsException arguments -> USAGE; // the caller's values, refused before sending
            case io.mcphost.auth.McpAuthorizationException authorization -> UNAUTHORISED;
            case McpTransportException transport -> isUnauthorised(transport) ? UNAUTHORISED : CONNECTION;
            case ServerUnavailableException unavailable -> isUnauthorised(unavailable) ? UNAUTHORISED : CONNECTION;
            case McpProtocolException protocol -> CONNECTION;
            case McpClosedException closed -> CONNECTION;
            // McpException is open to the layers that raise it; one they add later is a failure to reach the server
            // until it earns a code of its own.
            default -> CONNECTION;
        };
    }

    private static boolean isUnauthorised(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t.getMessage() != null && UNAUTHORISED_STATUS.matcher(t.getMessage()).find()) {
                return true;
            }
        }
        return false;
    }
}
