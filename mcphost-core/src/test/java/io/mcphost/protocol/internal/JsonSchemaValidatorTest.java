package io.mcphost.protocol.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayNameGeneration;
import org.junit.jupiter.api.DisplayNameGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

@DisplayNameGeneration(DisplayNameGenerator.ReplaceUnderscores.class)
class JsonSchemaValidatorTest {
    private static final JsonSchemaValidator VALIDATOR = JsonSchemaValidator.get();

    private static JsonNode json(String text) {
        return JsonCodec.get().mapper().readTree(text);
    }

    private static final JsonNode WEATHER = json("""
            {"type":"object","properties":{"celsius":{"type":"number"},"city":{"type":"string"}},
             "required":["celsius"],"additionalProperties":false}
            """);

    @Test
    void a_conforming_instance_has_no_violations() {
        assertThat(VALIDATOR.validate(WEATHER, json("{\"celsius\":21.5,\"city\":\"Oslo\"}"))).isEmpty();
        assertThat(VALIDATOR.isValid(WEATHER, json("{\"celsius\":-3}"))).isTrue();
    }

    @Test
    void each_violation_is_a_readable_sentence_naming_the_offending_property() {
        var violations = VALIDATOR.validate(WEATHER, json("{\"celsius\":\"warm\",\"wind\":3}"));

        assertThat(violations).hasSize(2);
        assertThat(violations).anySatisfy(v -> assertThat(v).contains("celsius").contains("number"));
        assertThat(violations).anySatisfy(v -> assertThat(v).contains("wind"));
    }

    @Test
    void a_missing_required_property_is_reported() {
        assertThat(VALIDATOR.validate(WEATHER, json("{\"city\":\"Oslo\"}")))
                .singleElement().satisfies(v -> assertThat(v).contains("celsius"));
    }

    @Test
    void the_default_dialect_is_2020_12() {
        // prefixItems exists only since 2020-12; under draft-07 it would be ignored and "x" would pass.
        JsonNode tuple = json("{\"type\":\"array\",\"prefixItems\":[{\"type\":\"integer\"}]}");

        assertThat(VALIDATOR.validate(tuple, json("[1]"))).isEmpty();
        assertThat(VALIDATOR.validate(tuple, json("[\"x\"]"))).isNotEmpty();
    }

    @Test
    void a_draft_07_schema_keeps_its_own_meaning() {
        // In draft-07 an items array is a tuple and additionalItems limits the rest.
        JsonNode tuple = json("""
                {"$schema":"http://json-schema.org/draft-07/schema#","type":"array",
                 "items":[{"type":"string"}],"additionalItems":false}
                """);

        assertThat(VALIDATOR.validate(tuple, json("[\"a\"]"))).isEmpty();
        assertThat(VALIDATOR.validate(tuple, json("[\"a\",1]"))).isNotEmpty();
        assertThat(VALIDATOR.validate(tuple, json("[7]"))).isNotEmpty();
    }

    @Test
    void local_refs_resolve() {
        JsonNode schema = json("""
                {"$defs":{"pos":{"type":"integer","minimum":1}},"type":"object",
                 "properties":{"n":{"$ref":"#/$defs/pos"}}}
                """);

        assertThat(VALIDATOR.validate(schema, json("{\"n\":2}"))).isEmpty();
        assertThat(VALIDATOR.validate(schema, json("{\"n\":0}"))).isNotEmpty();
    }

    @Test
    void a_remote_ref_is_never_fetched_and_is_reported_instead() throws Exception {
        // A real local HTTP endpoint that would serve the referenced schema: it must never be contacted.
        AtomicInteger hits = new AtomicInteger();
        try (ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            Thread.ofVirtual().start(() -> serve(server, hits));
            String url = "http://127.0.0.1:" + server.getLocalPort() + "/schema.json";
            JsonNode schema = json("{\"type\":\"object\",\"properties\":{\"x\":{\"$ref\":\"" + url + "\"}}}");

            var violations = VALIDATOR.validate(schema, json("{\"x\":1}"));

            assertThat(hits).hasValue(0);
            assertThat(violations).singleElement().satisfies(v -> assertThat(v).startsWith("the schema itself is invalid"));
        }
    }

    private static void serve(ServerSocket server, AtomicInteger hits) {
        while (!server.isClosed()) {
            try (Socket socket = server.accept(); OutputStream out = socket.getOutputStream()) {
                hits.incrementAndGet();
                String body = "{\"type\":\"string\"}";
                out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + body.length()
                        + "\r\nConnection: close\r\n\r\n" + body).getBytes(StandardCharsets.UTF_8));
            } catch (IOException closed) {
                return;
            }
        }
    }

    @Test
    void a_schema_that_is_not_an_object_is_reported_not_thrown() {
        assertThat(VALIDATOR.validate(json("\"object\""), json("{}")))
                .singleElement().satisfies(v -> assertThat(v).contains("must be an object"));
    }

    @Test
    void an_unknown_dialect_is_reported_not_thrown() {
        JsonNode schema = json("{\"$schema\":\"https://example.invalid/my-dialect\",\"type\":\"object\"}");

        assertThat(VALIDATOR.validate(schema, json("{}")))
                .singleElement().satisfies(v -> assertThat(v).startsWith("the schema itself is invalid"));
    }

    @Test
    void the_cache_of_compiled_schemas_is_bounded() {
        JsonSchemaValidator small = new JsonSchemaValidator(3);
        for (int i = 0; i < 10; i++) {
            JsonNode schema = json("{\"type\":\"integer\",\"maximum\":" + i + "}");
            assertThat(small.validate(schema, json(Integer.toString(i)))).isEmpty();
            assertThat(small.validate(schema, json(Integer.toString(i + 1)))).isNotEmpty();
        }

        assertThat(small.cachedSchemas()).isEqualTo(3);
    }

    @Test
    void the_same_schema_is_compiled_once() {
        JsonSchemaValidator fresh = new JsonSchemaValidator(8);
        fresh.validate(WEATHER, json("{\"celsius\":1}"));
        fresh.validate(WEATHER.deepCopy(), json("{\"celsius\":2}"));

        assertThat(fresh.cachedSchemas()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "http://json-schema.org/draft-04/schema#", "http://json-schema.org/draft-07/schema#",
            "https://json-schema.org/draft/2019-09/schema", "https://json-schema.org/draft/2020-12/schema"})
    void legacy_enumNames_is_a_known_annotation_in_every_dialect_and_changes_nothing(String dialect) {
        // Unknown to the library, enumNames made it log "Unknown keyword enumNames" as a warning.
        String schemaKeyword = dialect.isEmpty() ? "" : "\"$schema\":\"" + dialect + "\",";
        JsonNode schema = json("{" + schemaKeyword + """
                "type":"string","enum":["r","g"],"enumNames":["Red","Green"]}""");

        assertThat(VALIDATOR.compile(schema).getSchemaContext().getDialect().getKeywords()).containsKey("enumNames");
        assertThat(VALIDATOR.validate(schema, json("\"g\""))).isEmpty();
        assertThat(VALIDATOR.validate(schema, json("\"Green\""))).isNotEmpty();
    }

    @Test
    void x_mcp_header_is_a_known_annotation_and_changes_nothing() {
        // A 2026-07-28 tool parameter mirrored into an Mcp-Param-* header; unknown, it logged a warning per call.
        JsonNode schema = json("""
                {"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"}},"required":["region"]}""");

        assertThat(VALIDATOR.compile(schema).getSchemaContext().getDialect().getKeywords()).containsKey("x-mcp-header");
        assertThat(VALIDATOR.validate(schema, json("{\"region\":\"eu\"}"))).isEmpty();
        assertThat(VALIDATOR.validate(schema, json("{}"))).isNotEmpty();
    }
}
