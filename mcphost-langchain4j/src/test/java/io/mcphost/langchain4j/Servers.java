package io.mcphost.langchain4j;

import io.mcphost.host.ServerSpec;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.testkit.ServerSpecs;
import java.util.List;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Real servers for the tests: toolkit servers in process, npm's server-everything over stdio. */
final class Servers {
    static final JsonMapper JSON = JsonMapper.builder().build();

    private Servers() {
    }

    /** A toolkit server over a fresh memory pair per start; its sessions are added to {@code toClose}. */
    static ServerSpec inProcess(String name, Supplier<McpServer> server, List<AutoCloseable> toClose) {
        return ServerSpecs.inProcess(name, server, toClose).build();
    }

    static ServerSpec demo(String name, List<AutoCloseable> toClose) {
        return inProcess(name, DemoServer::server, toClose);
    }

    /** server-everything over stdio, as installed by the build (fixtures/npm). */
    static ServerSpec everything(String name) {
        return ServerSpecs.everything(name).build();
    }

    /** A server with one tool whose schema uses most of JSON Schema, answering with its arguments. */
    static McpServer schemaServer() {
        return McpServer.builder().name("schemas").version("1.0")
                .tool(Tool.of("book", "Books a trip.", json("""
                        {"type":"object","description":"A booking",
                         "properties":{
                           "traveller":{"type":"object","description":"Who travels",
                             "properties":{"name":{"type":"string","description":"Full name"},
                                           "age":{"type":"integer"},
                                           "vip":{"type":"boolean"}},
                             "required":["name"],"additionalProperties":false},
                           "legs":{"type":"array","items":{"type":"object","properties":{
                             "from":{"type":"string"},"to":{"type":"string"},"price":{"type":"number"}}}},
                           "class":{"type":"string","enum":["economy","business"]},
                           "when":{"anyOf":[{"type":"string","description":"ISO date"},{"type":"integer","description":"epoch seconds"}]},
                           "note":{"type":["string","null"]},
                           "seats":{"type":"integer","minimum":1,"maximum":9},
                           "stars":{"type":"integer","enum":[3,4,5]},
                           "payment":{"oneOf":[{"$ref":"#/$defs/card"},{"type":"string"}]}
                         },
                         "required":["traveller","legs"],
                         "$defs":{"card":{"type":"object","properties":{"number":{"type":"string","pattern":"^[0-9]{16}$"}}}}}""")),
                        call -> CallToolResult.text("booked " + call.arguments()))
                .build();
    }

    static JsonNode json(String text) {
        return JSON.readTree(text);
    }
}
