package io.mcphost.server.http.internal;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.JsonRpcError;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.RequestId;
import io.mcphost.protocol.lifecycle.Implementation;
import io.mcphost.protocol.modern.ModernErrors;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.http.ResponseMode;
import io.mcphost.server.internal.Registry;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Fuzzes the Streamable HTTP endpoint's request checks that are pure functions of header values, in
 * memory (no Jetty): DNS-rebinding protection ({@code Origin}, {@code Host}), {@code Accept}
 * negotiation and media types, {@code Authorization: Bearer}, the bearer-token syntax, the
 * {@code =?base64?...?=} header encoding, and the 2026-07-28 routing headers ({@code MCP-Protocol-Version},
 * {@code Mcp-Method}, {@code Mcp-Name}, {@code Mcp-Param-*}) against the body. Besides never throwing
 * (but the documented {@code IllegalArgumentException} of {@link Admission#checkToken}), each check
 * keeps its promise: only loopback origins and hosts pass, a negotiated mode is one the client accepts,
 * the encoding round-trips, and headers written as the spec says always match their body.
 */
class HttpHeadersFuzzTest {
    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "[::1]");
    private static final RebindingGuard LOOPBACK_ONLY = new RebindingGuard(Optional.empty(), true);
    private static final RebindingGuard CONFIGURED = new RebindingGuard(Optional.of(Set.of("https://App.example")), true);
    private static final BearerAuth AUTH = new BearerAuth(Map.of("tok-A.b~c/d+e=", "alice", "second", "bob"));
    private static final List<String> METHODS = List.of("tools/call", "prompts/get", "resources/read", "tasks/get",
            "tasks/cancel", "tasks/update", "tools/list", "server/discover");
    private static final Registry REGISTRY = new Registry(Implementation.of("fuzz", "1"), Optional.empty(),
            Registry.Offer.of(List.of(new Registry.ToolEntry(Tool.of("route", "has header parameters", Json.parse("""
                    {"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"},
                     "count":{"type":"integer","x-mcp-header":"Count"},"dry":{"type":"boolean","x-mcp-header":"Dry"},
                     "nested":{"type":"object","properties":{"deep":{"type":"string","x-mcp-header":"Deep"}}}}}""")),
                    call -> CallToolResult.text("ok"))), List.of(), List.of(), List.of()),
            Optional.empty(), 100, Duration.ofSeconds(1), Duration.ofHours(1), Optional.empty(), false, true,
            Optional.empty(), Optional.empty());

    @FuzzTest(maxDuration = "10m")
    void headers(FuzzedDataProvider data) {
        switch (data.consumeInt(0, 5)) {
            case 0 -> origin(data.consumeRemainingAsString());
            case 1 -> host(data.consumeRemainingAsString());
            case 2 -> accept(data.pickValue(ResponseMode.values()), data.consumeBoolean() ? null
                    : List.of(data.consumeString(200), data.consumeRemainingAsString()));
            case 3 -> authorization(data.consumeRemainingAsString());
            case 4 -> encoding(data.consumeString(300), data.consumeRemainingAsString());
            default -> routing(data);
        }
    }

    private static void origin(String origin) {
        if (LOOPBACK_ONLY.allowsOrigin(origin) && !loopbackOrigin(origin)) {
            throw new AssertionError("a non-loopback Origin passed: " + origin);
        }
        boolean configured = CONFIGURED.allowsOrigin(origin);
        if (configured != origin.strip().equalsIgnoreCase("https://app.example")) {
            throw new AssertionError("the configured origins decided " + configured + " for " + origin);
        }
    }

    /** An http(s) origin whose host, user info and port aside, is a loopback name, with nothing after it. */
    private static boolean loopbackOrigin(String origin) {
        String o = origin.strip().toLowerCase(Locale.ROOT);
        String rest = o.startsWith("http://") ? o.substring(7) : o.startsWith("https://") ? o.substring(8) : null;
        if (rest == null) {
            return false;
        }
        int end = indexOfAny(rest, "/?#");
        String authority = end < 0 ? rest : rest.substring(0, end);
        if (end >= 0 && rest.charAt(end) == '/') {
            return false; // an origin has no path
        }
        String hostPort = authority.substring(authority.lastIndexOf('@') + 1);
        String hostName = hostPort.startsWith("[") ? hostPort.substring(0, hostPort.indexOf(']') + 1)
                : hostPort.contains(":") ? hostPort.substring(0, hostPort.indexOf(':')) : hostPort;
        return LOOPBACK.contains(hostName);
    }

    private static int indexOfAny(String s, String chars) {
        for (int i = 0; i < s.length(); i++) {
            if (chars.indexOf(s.charAt(i)) >= 0) {
                return i;
            }
        }
        return -1;
    }

    private static void host(String host) {
        if (LOOPBACK_ONLY.allowsHost(host)) {
            String h = host.strip().toLowerCase(Locale.ROOT);
            String name = h.startsWith("[") ? h.substring(0, h.indexOf(']') + 1) : h.split(":", -1)[0];
            if (!LOOPBACK.contains(name)) {
                throw new AssertionError("a non-loopback Host passed: " + host);
            }
        }
        if (!new RebindingGuard(Optional.empty(), false).allowsHost(host)) {
            throw new AssertionError("Host is checked although the server is not bound to loopback: " + host);
        }
    }

    private static void accept(ResponseMode configured, List<String> accept) {
        Optional<ResponseMode> mode = Negotiation.responseMode(configured, accept);
        if (accept == null) {
            if (mode.orElse(null) != configured) {
                throw new AssertionError("no Accept header should mean the configured mode, got " + mode);
            }
            return;
        }
        boolean json = Negotiation.accepts(accept, Replies.JSON);
        boolean sse = Negotiation.accepts(accept, Replies.EVENT_STREAM);
        if (json != acceptsByOracle(accept, Replies.JSON) || sse != acceptsByOracle(accept, Replies.EVENT_STREAM)) {
            throw new AssertionError("the in-place reading disagrees with splitting the header: " + accept);
        }
        if (mode.isPresent() && !(mode.get() == ResponseMode.JSON ? json : mode.get() == ResponseMode.SSE ? sse : json && sse)) {
            throw new AssertionError("mode " + mode.get() + " the client does not accept: " + accept);
        }
        if (mode.isEmpty() && (json || sse)) {
            throw new AssertionError("no mode although the client accepts one: " + accept);
        }
        boolean configuredAccepted = configured == ResponseMode.JSON ? json : configured == ResponseMode.SSE ? sse : json && sse;
        if (configuredAccepted && mode.get() != configured) {
            throw new AssertionError("the configured mode is accepted but " + mode.get() + " was chosen: " + accept);
        }
        for (String value : accept) {
            if (Negotiation.isMediaType(value, Replies.JSON) != oracleMediaType(value).equals(Replies.JSON)) {
                throw new AssertionError("Content-Type read wrong: " + value);
            }
        }
    }

    /** The plain reading the endpoint's in-place one must agree with: split at commas, cut parameters, trim, lower-case. */
    private static boolean acceptsByOracle(List<String> accept, String type) {
        String family = type.substring(0, type.indexOf('/')) + "/*";
        for (String header : accept) {
            for (String range : header.split(",", -1)) {
                String media = oracleMediaType(range);
                if (media.equals(type) || media.equals(family) || media.equals("*/*")) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String oracleMediaType(String value) {
        int semicolon = value.indexOf(';');
        return (semicolon < 0 ? value : value.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
    }

    private static void authorization(String header) {
        BearerAuth.Outcome outcome = AUTH.check(header);
        if (outcome instanceof BearerAuth.Outcome.Authenticated a) {
            String expected = header.contains("tok-A.b~c/d+e=") ? "alice" : header.contains("second") ? "bob" : null;
            if (!a.principal().equals(expected)) {
                throw new AssertionError("authenticated as " + a.principal() + " with " + header);
            }
        }
        try {
            if (!Admission.checkToken(header).equals(header)) {
                throw new AssertionError("checkToken changed the token");
            }
        } catch (IllegalArgumentException documented) {
            // not RFC 6750 b64token text
        }
    }

    private static void encoding(String literal, String text) {
        Optional<String> decoded = RequestHeaders.decode(literal);
        boolean visible = literal.chars().allMatch(c -> c == '\t' || (c >= 0x20 && c <= 0x7e));
        if (decoded.isPresent() && !visible) {
            throw new AssertionError("a header value with control or non-ASCII characters was accepted: " + literal);
        }
        if (visible && !literal.startsWith("=?base64?") && !decoded.equals(Optional.of(literal))) {
            throw new AssertionError("a plain header value was not taken literally: " + literal + " -> " + decoded);
        }
        String clean = new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
        String encoded = "=?base64?" + Base64.getEncoder().encodeToString(clean.getBytes(StandardCharsets.UTF_8)) + "?=";
        if (!RequestHeaders.decode(encoded).equals(Optional.of(clean))) {
            throw new AssertionError("the Base64 form does not round-trip: " + clean + " -> " + RequestHeaders.decode(encoded));
        }
    }

    /**
     * The routing headers: written as the spec says they always match; fuzzed (or dropped) they may
     * mismatch, with -32020 and nothing else.
     */
    private static void routing(FuzzedDataProvider data) {
        String method = data.pickValue(METHODS);
        String version = data.consumeBoolean() ? "2026-07-28" : clean(data.consumeString(20));
        String name = data.consumeBoolean() ? "route" : clean(data.consumeString(40));
        ObjectNode params = JsonNodeFactory.instance.objectNode();
        params.putObject("_meta").put("io.modelcontextprotocol/protocolVersion", version)
                .putObject("io.modelcontextprotocol/clientCapabilities");
        params.put(method.equals("resources/read") ? "uri" : method.startsWith("tasks/") ? "taskId" : "name", name);
        ObjectNode arguments = params.putObject("arguments");
        List<String[]> wanted = new ArrayList<>(); // header, value written as the spec says
        if (data.consumeBoolean()) {
            String region = clean(data.consumeString(40));
            arguments.put("region", region);
            wanted.add(new String[] {"Mcp-Param-Region", spelled(region, data.consumeBoolean())});
        }
        if (data.consumeBoolean()) {
            long count = data.consumeLong();
            arguments.put("count", count);
            wanted.add(new String[] {"Mcp-Param-Count", Long.toString(count)});
        }
        if (data.consumeBoolean()) {
            boolean dry = data.consumeBoolean();
            arguments.put("dry", dry);
            wanted.add(new String[] {"Mcp-Param-Dry", Boolean.toString(dry)});
        }
        if (data.consumeBoolean()) {
            String deep = clean(data.consumeString(40));
            arguments.putObject("nested").put("deep", deep);
            wanted.add(new String[] {"Mcp-Param-Deep", spelled(deep, data.consumeBoolean())});
        }
        JsonRpcRequest request = JsonRpcRequest.of(RequestId.of(1), method, params);
        Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.put("MCP-Protocol-Version", version);
        headers.put("Mcp-Method", method);
        headers.put("Mcp-Name", spelled(name, data.consumeBoolean()));
        wanted.forEach(h -> headers.put(h[0], h[1]));
        // A version an HTTP client can send as it is: visible ASCII, nothing to trim.
        boolean faithful = version.equals(version.strip()) && version.chars().allMatch(c -> c >= 0x20 && c <= 0x7e);
        int changes = data.consumeInt(0, 3);
        for (int i = 0; i < changes; i++) {
            String header = data.pickValue(List.of("MCP-Protocol-Version", "Mcp-Method", "Mcp-Name", "Mcp-Param-Region",
                    "Mcp-Param-Count", "Mcp-Param-Dry", "Mcp-Param-Deep"));
            if (data.consumeBoolean()) {
                headers.remove(header);
            } else {
                headers.put(header, data.consumeString(60));
            }
            faithful = false;
        }
        Optional<JsonRpcError> error = RequestHeaders.check(new HeaderExchange(headers), request, REGISTRY);
        if (error.isPresent() && error.get().code() != ModernErrors.HEADER_MISMATCH) {
            throw new AssertionError("a header check answered " + error.get());
        }
        if (faithful && error.isPresent()) {
            throw new AssertionError("headers written as the spec says were refused: " + headers + " for " + params
                    + ": " + error.get().message());
        }
    }

    /** The string as it survives UTF-8 (lone surrogates replaced), as any value read from the wire. */
    private static String clean(String value) {
        return new String(value.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
    }

    /** A header value as a client writes it: literally when it may (visible ASCII, no edge spaces), else Base64. */
    private static String spelled(String value, boolean preferBase64) {
        String clean = clean(value);
        boolean literal = !preferBase64 && clean.equals(clean.strip()) && !clean.startsWith("=?base64?")
                && clean.chars().allMatch(c -> c >= 0x20 && c <= 0x7e);
        return literal ? clean : "=?base64?" + Base64.getEncoder().encodeToString(clean.getBytes(StandardCharsets.UTF_8)) + "?=";
    }

    /** Headers only: what the pure checks read of an exchange. */
    private record HeaderExchange(Map<String, String> values) implements Exchange {
        @Override
        public String method() {
            return "POST";
        }

        @Override
        public String path() {
            return "/mcp";
        }

        @Override
        public String header(String name) {
            return values.get(name);
        }

        @Override
        public List<String> headers(String name) {
            String value = values.get(name);
            return value == null ? null : List.of(value);
        }

        @Override
        public String remoteAddress() {
            return "127.0.0.1";
        }

        @Override
        public InputStream requestBody() {
            return InputStream.nullInputStream();
        }

        @Override
        public void setHeader(String name, String value) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void respond(int status, byte[] body) {
            throw new UnsupportedOperationException();
        }

        @Override
        public OutputStream startStream(int status) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void onFailure(Runnable action) {
        }

        @Override
        public void close() {
        }
    }
}
