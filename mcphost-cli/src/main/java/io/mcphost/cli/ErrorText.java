package io.mcphost.cli;

import java.net.URI;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites a failure's message for a person at a terminal: network errors as what happened
 * ({@code connection refused at URL}, not {@code ConnectException}; a host name that does not resolve
 * as that, naming the host), a parser's internals as what was expected, ISO-8601 durations as
 * {@code 2 s}. The facts stay; only the wording changes, so the
 * library's messages (which name the server and the request) remain the source. Stateless.
 */
final class ErrorText {
    // The JDK's HttpClient (https) says only the exception's class; McpHost's own HTTP/1.1 client (plain http) the socket's words.
    private static final Pattern REFUSED = Pattern.compile("cannot reach (\\S+): (?:ConnectException\\b|Connection refused).*");
    // The library says which host does not resolve; older wordings (and other clients) only the exception's class.
    private static final Pattern UNRESOLVED = Pattern.compile("(?:cannot reach|cannot open the SSE stream at|cannot POST to) (\\S+): "
            + "(?:the host name '[^']*' does not resolve(?: \\(([^)]*)\\))?|(?:UnresolvedAddressException\\b"
            + "|UnknownHostException\\b|unknown host\\b)[^;)]*)");
    // Jackson's wording for an unexpected character: the code point in brackets says nothing to a person.
    private static final Pattern JACKSON_CHAR = Pattern.compile("Unexpected character \\('(.{1,2})' \\(code \\d+\\)\\)");
    // The transport names the status, content type and the body's start in parentheses (older wording: without them).
    private static final Pattern HTML_ANSWER = Pattern.compile("the answer from (\\S+) is not JSON-RPC"
            + "(?: \\(HTTP (\\d+), ([^,]*), starting (\".*\")\\))?: not valid JSON: Unexpected character \\('<'.*");

    private ErrorText() {
    }

    /** A failure's message as a person should read it. */
    static String of(String message) {
        return ofUsage(Durations.humanize(message));
    }

    /** A usage error's message: durations stay as written, since the message may quote what the user typed. */
    static String ofUsage(String message) {
        String text = message;
        Matcher m = REFUSED.matcher(text);
        if (m.find()) {
            text = text.substring(0, m.start()) + "connection refused at " + m.group(1) + " (is the server running?)";
        }
        m = UNRESOLVED.matcher(text);
        if (m.find()) {
            String reason = m.group(2) == null ? "" : m.group(2) + "; ";
            text = text.substring(0, m.start()) + "the host name '" + host(m.group(1)) + "' of " + m.group(1)
                    + " does not resolve (" + reason + "is the URL right?)" + text.substring(m.end());
        }
        m = HTML_ANSWER.matcher(text);
        if (m.find()) {
            String what = m.group(2) == null ? "" : " (HTTP " + m.group(2) + ", " + m.group(3) + ": " + m.group(4) + ")";
            text = text.substring(0, m.start()) + m.group(1) + " answered with HTML" + what + ", not MCP: expected JSON-RPC as"
                    + " application/json or text/event-stream (is this the server's MCP endpoint?)";
        }
        text = JACKSON_CHAR.matcher(text).replaceAll("unexpected '$1'");
        text = text.replace("was expecting", "expected").replace("(JSON String, Number, Array, Object or token 'null', 'true'"
                + " or 'false')", "(a string, number, array, object, true, false or null)");
        return text;
    }

    /** The host of {@code url}, or the URL itself when it has none that parses (the message still names it). */
    private static String host(String url) {
        try {
            String host = URI.create(url).getHost();
            return host == null ? url : host;
        } catch (IllegalArgumentException e) {
            return url;
        }
    }
}
