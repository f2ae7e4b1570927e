package io.mcphost.protocol;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Test utility: validates JSON against the official MCP JSON Schemas in
 * {@code <mcphost.spec.dir>/<version>/schema.json}, one definition at a time.
 */
public final class SpecSchemas {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final Map<ProtocolVersion, JsonNode> DOCUMENTS = new ConcurrentHashMap<>();
    private static final Map<String, Schema> COMPILED = new ConcurrentHashMap<>();

    private SpecSchemas() {
    }

    /** Asserts that {@code json} is valid against definition {@code defName} of the revision's schema. */
    public static void assertValid(JsonNode json, String defName, ProtocolVersion version) {
        List<String> problems = violations(json, defName, version);
        if (!problems.isEmpty()) {
            throw failure(defName, version, problems, json);
        }
    }

    /**
     * Asserts that a JSON-RPC message is valid for the revision: requests and notifications against the
     * definition whose {@code method} constant matches (and the JSON-RPC envelope), responses against the
     * revision's result or error response definition.
     */
    public static void assertValidMessage(JsonNode jsonRpcMessage, ProtocolVersion version) {
        List<String> defs = messageDefs(jsonRpcMessage, version);
        List<String> problems = new ArrayList<>();
        for (String def : defs) {
            for (String v : violations(jsonRpcMessage, def, version)) {
                problems.add(def + ": " + v);
            }
        }
        if (!problems.isEmpty()) {
            throw failure(String.join(" + ", defs), version, problems, jsonRpcMessage);
        }
    }

    /**
     * Asserts that {@code result} (the {@code result} member of a response) is a valid {@code defName}, for
     * example {@code CallToolResult}, of the revision.
     */
    public static void assertValidResult(JsonNode result, String defName, ProtocolVersion version) {
        assertValid(result, defName, version);
    }

    /**
     * Asserts that a JSON-RPC response is valid for the revision: the envelope and its {@code result} as a
     * {@code resultDefName} (for example {@code ListToolsResult}).
     */
    public static void assertValidResponse(JsonNode response, String resultDefName, ProtocolVersion version) {
        List<String> problems = new ArrayList<>();
        for (String def : messageDefs(response, version)) {
            violations(response, def, version).forEach(v -> problems.add(def + ": " + v));
        }
        if (response.has("result")) {
            violations(response.get("result"), resultDefName, version).forEach(v -> problems.add(resultDefName + ": " + v));
        } else {
            problems.add("not a result response: it has no \"result\"");
        }
        if (!problems.isEmpty()) {
            throw failure("response with " + resultDefName, version, problems, response);
        }
    }

    /** The messages of every violation of definition {@code defName}; empty when valid. */
    public static List<String> violations(JsonNode json, String defName, ProtocolVersion version) {
        Schema schema = COMPILED.computeIfAbsent(version.id() + "#" + defName, key -> compile(defName, version));
        List<String> messages = new ArrayList<>();
        for (Error error : schema.validate(json)) {
            messages.add(error.toString());
        }
        return messages;
    }

    /** The names of the definitions a JSON-RPC message is validated against. */
    static List<String> messageDefs(JsonNode message, ProtocolVersion version) {
        JsonNode defs = definitions(version);
        List<String> result = new ArrayList<>();
        if (message.has("method")) {
            boolean isRequest = message.has("id");
            String method = message.path("method").asString();
            methodDef(defs, method, isRequest ? "Request" : "Notification").ifPresent(result::add);
            result.add(isRequest ? "JSONRPCRequest" : "JSONRPCNotification");
        } else if (message.has("error")) {
            result.add(defs.has("JSONRPCErrorResponse") ? "JSONRPCErrorResponse" : "JSONRPCError");
        } else {
            result.add(defs.has("JSONRPCResultResponse") ? "JSONRPCResultResponse" : "JSONRPCResponse");
        }
        return result;
    }

    private static Optional<String> methodDef(JsonNode defs, String method, String suffix) {
        String fallback = null;
        for (Map.Entry<String, JsonNode> entry : defs.properties()) {
            JsonNode constant = entry.getValue().path("properties").path("method").path("const");
            if (!constant.isString() || !constant.asString().equals(method)) {
                continue;
            }
            String name = entry.getKey();
            // Prefer e.g. CancelledNotification over the ClientNotification union that also names the method.
            if (name.endsWith(suffix) && !name.startsWith("Client") && !name.startsWith("Server")) {
                return Optional.of(name);
            }
            if (fallback == null) {
                fallback = name;
            }
        }
        return Optional.ofNullable(fallback);
    }

    private static AssertionError failure(String def, ProtocolVersion version, List<String> problems, JsonNode json) {
        StringBuilder text = new StringBuilder()
                .append("JSON is not a valid ").append(def).append(" of MCP ").append(version.id())
                .append(" (").append(problems.size()).append(" violation(s)):");
        for (String problem : problems) {
            text.append("\n  - ").append(problem);
        }
        text.append("\nJSON: ").append(json);
        return new AssertionError(text.toString());
    }

    private static Schema compile(String defName, ProtocolVersion version) {
        JsonNode document = document(version);
        JsonNode defs = definitions(version);
        if (!defs.has(defName)) {
            throw new IllegalArgumentException("MCP " + version.id() + " has no definition " + defName);
        }
        String defsKey = document.has("$defs") ? "$defs" : "definitions";
        ObjectNode wrapper = MAPPER.createObjectNode();
        String dialect = document.path("$schema").asString("");
        if (!dialect.isEmpty()) {
            wrapper.put("$schema", dialect);
        }
        wrapper.put("$ref", "#/" + defsKey + "/" + defName);
        wrapper.set(defsKey, defs);
        SpecificationVersion spec = dialect.contains("2020-12") ? SpecificationVersion.DRAFT_2020_12
                : dialect.contains("2019-09") ? SpecificationVersion.DRAFT_2019_09
                : SpecificationVersion.DRAFT_7;
        return SchemaRegistry.withDefaultDialect(spec).getSchema(wrapper);
    }

    private static JsonNode definitions(ProtocolVersion version) {
        JsonNode document = document(version);
        return document.has("$defs") ? document.get("$defs") : document.path("definitions");
    }

    private static JsonNode document(ProtocolVersion version) {
        return DOCUMENTS.computeIfAbsent(version, v -> {
            Path file = specDir().resolve(v.id()).resolve("schema.json");
            try {
                return MAPPER.readTree(Files.readString(file));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read MCP schema " + file.toAbsolutePath(), e);
            }
        });
    }

    /**
     * The directory holding one folder per revision: the repository's own copy ({@code spec/} at the
     * root of the checkout, see its README), named by the build's system property {@code mcphost.spec.dir};
     * a test run outside Maven (an IDE) finds it as the nearest {@code spec/} above the working directory.
     * Nothing outside the checkout is read.
     */
    public static Path specDir() {
        List<Path> candidates = new ArrayList<>();
        String configured = System.getProperty("mcphost.spec.dir");
        if (configured != null && !configured.isBlank()) {
            candidates.add(Path.of(configured));
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            candidates.add(dir.resolve("spec"));
        }
        for (Path candidate : candidates) {
            if (Files.isRegularFile(candidate.resolve("2025-11-25").resolve("schema.json"))) {
                return candidate.normalize();
            }
        }
        throw new IllegalStateException("no MCP spec schemas found; tried " + candidates);
    }
}
