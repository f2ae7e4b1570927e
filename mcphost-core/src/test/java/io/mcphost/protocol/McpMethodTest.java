package io.mcphost.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class McpMethodTest {

    @Test
    void everyMethodConstOfTheSchemaIsKnownAndNothingElse() throws Exception {
        Path schema = SpecSchemas.specDir().resolve("2025-11-25/schema.json");
        JsonNode defs = JsonMapper.builder().build().readTree(Files.readString(schema)).get("$defs");
        Set<String> requests = new HashSet<>();
        Set<String> notifications = new HashSet<>();
        for (var entry : defs.properties()) {
            JsonNode method = entry.getValue().path("properties").path("method").path("const");
            if (method.isString()) {
                (entry.getKey().endsWith("Notification") ? notifications : requests).add(method.stringValue());
            }
        }
        assertEquals(requests, McpMethod.REQUESTS);
        assertEquals(notifications, McpMethod.NOTIFICATIONS);
    }
}
