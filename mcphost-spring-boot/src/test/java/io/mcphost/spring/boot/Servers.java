package io.mcphost.spring.boot;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** JSON for the tests; the servers are the demo server started as a process ({@code DemoServer.command()}). */
final class Servers {
    static final JsonMapper JSON = JsonMapper.builder().build();

    private Servers() {
    }

    static JsonNode json(String text) {
        return JSON.readTree(text);
    }
}
