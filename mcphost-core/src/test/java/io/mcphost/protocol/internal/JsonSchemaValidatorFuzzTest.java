package io.mcphost.protocol.internal;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.JsonSchemas;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import tools.jackson.databind.JsonNode;

/**
 * Fuzzes the validation of tool arguments, structured results and elicitation answers against the
 * JSON Schemas servers send (issue 31). The input is a schema, a NUL byte, and an instance (an empty
 * object when there is no NUL). {@link JsonSchemas#validate} documents that it never throws, even for a
 * broken schema: any exception, a StackOverflowError (a {@code $ref} loop, deep nesting) or a hang (a
 * pattern that backtracks catastrophically) is a finding. Invariant: every violation is a sentence.
 */
class JsonSchemaValidatorFuzzTest {
    /**
     * Jazzer reports any invalid pattern reaching Pattern.compile as "Regular Expression Injection". Here
     * compiling the server's pattern is the job, and its cost is what BoundedRegularExpressions bounds (one
     * JVM per fuzz target, so this stays in this target). Before all: Jazzer reads its options when it
     * provides the first input, after the class-level callbacks.
     */
    @BeforeAll
    static void compilingTheServersPatternIsTheJob() {
        System.setProperty("jazzer.disabled_hooks", "com.code_intelligence.jazzer.sanitizers.RegexInjection");
    }

    @FuzzTest(maxDuration = "10m")
    void validate(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        int nul = text.indexOf('\0');
        JsonNode schema;
        JsonNode instance;
        try {
            schema = Json.parse(nul < 0 ? text : text.substring(0, nul));
            instance = nul < 0 ? Json.newObject() : Json.parse(text.substring(nul + 1));
        } catch (IllegalArgumentException notJson) {
            return;
        }
        List<String> violations = JsonSchemas.validate(schema, instance);
        for (String violation : violations) {
            if (violation == null || violation.isBlank()) {
                throw new AssertionError("a blank violation for " + text);
            }
        }
    }
}
