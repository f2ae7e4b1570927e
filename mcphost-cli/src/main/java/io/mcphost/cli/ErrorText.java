package io.mcphost.cli;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rewrites a failure's message for a person at a terminal: network errors as what happened
 * ({@code connection refused at URL}, not {@code ConnectException}), a parser's internals as what
 * was expected, ISO-8601 durations as {@code 2 s}. The facts stay; only the wording changes, so the
 * library's messages (which name the server and the request) remain the source. Stateless.
 */
final class ErrorText {
    // The JDK's HttpClient (https) says only the exception's class; McpHost's own HTTP/1.1 client (plain http) the socket's words.
    private static final Pattern REFUSED = Pattern.compile("cannot reach (\\S+): (?:ConnectException\\b|Connection refused).*");
    private static final Pattern UNKNOWN_HOST = Pattern.compile("cannot reach (\\S+): (?:UnresolvedAddressException\\b"
            + "|UnknownHostException\\b|unknown host\\b).*");
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
        m = UNKNOWN_HOST.matcher(text);
        if (m.find()) {
            text = text.substring(0, m.start()) + "unknown host in " + m.group(1);
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
}
