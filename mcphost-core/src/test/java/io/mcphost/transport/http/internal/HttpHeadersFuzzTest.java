package io.mcphost.transport.http.internal;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mcphost.transport.McpAuthorizationRequiredException;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.eclipse.jetty.http.HttpFields;

/**
 * The HTTP headers a server sends and the client reads: {@code WWW-Authenticate} (raw, and as a round
 * trip of a challenge built from known parameters, with quoted-string escapes and commas in quotes),
 * the 401/403 decision with {@code Content-Type} and the error excerpt, {@code Mcp-Session-Id}, and
 * the headers an application configures ({@link HttpChecks}, whose documented refusal is an
 * IllegalArgumentException).
 *
 * <p>Input: {@code [mode][text]}, the text read as ISO-8859-1 (what an HTTP header can carry), lines
 * separated by {@code \n}.
 */
class HttpHeadersFuzzTest {

    @FuzzTest(maxDuration = "10m")
    void headersParseOrRefuseCleanly(byte[] data) {
        if (data.length < 1) {
            return;
        }
        String text = new String(data, 1, data.length - 1, StandardCharsets.ISO_8859_1);
        switch ((data[0] & 0xFF) % 5) {
            case 0 -> rawChallenges(text);
            case 1 -> roundTrip(text);
            case 2 -> refusal(text);
            case 3 -> sessionId(text);
            default -> configured(text);
        }
    }

    private static void rawChallenges(String text) {
        List<String> values = List.of(text.split("\n", -1));
        Map<String, String> challenge = HttpErrors.bearerChallenge(values);
        check(challenge);
        // The first value holding a Bearer (or DPoP) challenge decides, whatever follows it.
        for (String value : values) {
            Map<String, String> one = HttpErrors.bearerChallenge(List.of(value));
            if (!one.isEmpty()) {
                if (!one.equals(challenge)) {
                    throw new AssertionError("the first challenge found is not the one returned: " + one + " vs " + challenge);
                }
                return;
            }
        }
        if (!challenge.isEmpty()) {
            throw new AssertionError("a challenge found in none of the values: " + challenge);
        }
    }

    private static void check(Map<String, String> challenge) {
        if (challenge.isEmpty()) {
            return;
        }
        String scheme = challenge.get("scheme");
        if (scheme == null || !scheme.equalsIgnoreCase("Bearer") && !scheme.equalsIgnoreCase("DPoP")) {
            throw new AssertionError("a challenge without its Bearer/DPoP scheme: " + challenge);
        }
        for (String name : challenge.keySet()) {
            if (name.isEmpty() || !name.equals(name.toLowerCase(Locale.ROOT)) || !name.matches("[!#$%&'*+.^_`|~0-9a-z-]+")) {
                throw new AssertionError("a parameter name that is not a lower-case token: '" + name + "'");
            }
        }
    }

    /**
     * A challenge of another scheme whose quoted realm is the first line (commas, quotes, a fake
     * {@code Bearer} inside), then a Bearer challenge whose parameters are the other lines
     * ({@code name=value}, the value quoted with escapes, or bare when it is a token), then a third
     * challenge: exactly those parameters come back.
     */
    private static void roundTrip(String text) {
        String[] lines = text.split("\n", -1);
        StringBuilder header = new StringBuilder("Basic realm=").append(quoted(lines[0])).append(", Bearer");
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("scheme", "Bearer");
        String separator = " ";
        for (int i = 1; i < lines.length; i++) {
            int eq = lines[i].indexOf('=');
            String name = eq < 0 ? lines[i] : lines[i].substring(0, eq);
            String value = eq < 0 ? "" : lines[i].substring(eq + 1);
            if (!name.matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+")) {
                continue;
            }
            boolean bare = !value.isEmpty() && value.matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+");
            header.append(separator).append(name).append(bare && i % 2 == 0 ? "=" + value : "=" + quoted(value));
            separator = i % 3 == 0 ? " ,, " : ", ";
            expected.putIfAbsent(name.toLowerCase(Locale.ROOT), value);
        }
        header.append(", DPoP algs=\"ES256\", error=\"not-this-one\"");
        Map<String, String> parsed = HttpErrors.bearerChallenge(List.of(header.toString()));
        if (!parsed.equals(expected)) {
            throw new AssertionError("round trip failed for " + header + ":\n expected " + expected + "\n parsed   " + parsed);
        }
    }

    private static String quoted(String value) {
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** A 401 or 403 with fuzzed challenges and body: a refusal to authorise, or none; never an exception. */
    private static void refusal(String text) {
        String[] lines = text.split("\n", -1);
        int status = lines[0].length() % 2 == 0 ? 401 : 403;
        HttpFields.Mutable fields = HttpFields.build();
        for (int i = 1; i < lines.length - 1; i++) {
            fields.add(i % 2 == 0 ? "WWW-Authenticate" : "www-authenticate", lines[i]);
        }
        fields.add("Content-Type", lines[0]);
        byte[] body = lines[lines.length - 1].getBytes(StandardCharsets.ISO_8859_1);
        Incoming response = new Incoming(new Outgoing(URI.create("https://mcp.example.com/mcp?token=secret")), status, fields,
                new ByteArrayInputStream(body));
        McpAuthorizationRequiredException refused = HttpErrors.authorizationRequired("fuzz", "POST", response);
        if (status == 401 && refused == null) {
            throw new AssertionError("a 401 that is not a refusal to authorise");
        }
        if (refused != null) {
            check(refused.challenge());
            if (refused.getMessage().contains("secret")) {
                throw new AssertionError("the message quotes the URL's query: " + refused.getMessage());
            }
        }
        String type = HttpErrors.contentType(response);
        if (!type.equals(type.toLowerCase(Locale.ROOT))) {
            throw new AssertionError("a content type not in lower case: " + type);
        }
        String excerpt = HttpErrors.excerpt(response);
        if (excerpt.length() > 2 + 301 || excerpt.indexOf('\n') >= 0) {
            throw new AssertionError("an excerpt that is not one short line: " + excerpt);
        }
    }

    private static void sessionId(String id) {
        boolean visible = id.chars().allMatch(c -> c >= 0x21 && c <= 0x7E);
        if (SessionChecks.validSessionId(id) != visible) {
            throw new AssertionError("session id '" + id + "' judged " + SessionChecks.validSessionId(id));
        }
        String shown = SessionChecks.abbreviate(id);
        if (shown.length() > 11) {
            throw new AssertionError("a session id shown whole: " + shown);
        }
    }

    /** A configured header (name on the first line) and URL (the last line): accepted, or refused with IllegalArgumentException. */
    private static void configured(String text) {
        int newline = text.indexOf('\n');
        String name = newline < 0 ? text : text.substring(0, newline);
        String value = newline < 0 ? "" : text.substring(newline + 1);
        try {
            HttpChecks.header(name, value);
            if (value.chars().anyMatch(c -> c == '\r' || c == '\n' || c == 0) || name.isEmpty()) {
                throw new AssertionError("accepted a header HTTP cannot carry: " + Arrays.toString(name.toCharArray()));
            }
            new Outgoing(URI.create("https://mcp.example.com/")).header(name, value);
        } catch (IllegalArgumentException e) {
            // The refusal may quote the name (it is no secret), never the value; with the name taken out, a
            // value that only looked like a piece of the quoted name is not mistaken for a leak.
            if (e.getMessage().replace(name, "").contains(value) && value.length() > 3 && !name.contains(value)) {
                throw new AssertionError("the refusal quotes the header's value: " + e.getMessage());
            }
        }
        URI uri;
        try {
            uri = new URI(value);
        } catch (java.net.URISyntaxException e) {
            return;
        }
        try {
            URI checked = HttpChecks.endpoint(uri);
            if (checked.getHost() == null || checked.getRawFragment() != null || checked.getRawUserInfo() != null) {
                throw new AssertionError("accepted an endpoint HttpChecks documents as refused: " + checked);
            }
        } catch (IllegalArgumentException e) {
            // documented: a URL that is not an MCP endpoint
        }
    }
}
