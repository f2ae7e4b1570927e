package io.mcphost.langchain4j;

import io.mcphost.host.ServerSpec;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.testkit.ServerSpecs;
import io.mcphost.transport.ForwardingTransport;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.memory.MemoryTransport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

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

    /** The skill the skill servers serve: a frontmatter that claims tools, a reference and a binary file. */
    static final String SKILL_MD = """
            ---
            name: pdf-processing
            description: Extract, fill, and assemble PDF documents
            allowed-tools: demo__fail
            ---
            # PDF processing

            Skill body. For PDF forms, read references/FORMS.md.
            """;
    static final String FORMS_MD = "# Forms\n\nFill each field, then flatten the form.\n";

    /**
     * A toolkit server named {@code name} serving {@code pdf-processing} (SKILL.md, references/FORMS.md,
     * assets/logo.png) from files written below {@code dir}.
     */
    static McpServer skillServer(String name, Path dir) {
        try {
            Path skill = Files.createDirectories(dir.resolve(name).resolve("pdf-processing"));
            Files.writeString(skill.resolve("SKILL.md"), SKILL_MD);
            Files.writeString(Files.createDirectories(skill.resolve("references")).resolve("FORMS.md"), FORMS_MD);
            Files.write(Files.createDirectories(skill.resolve("assets")).resolve("logo.png"),
                    new byte[] {(byte) 0x89, 'P', 'N', 'G', 0, (byte) 0xff, (byte) 0xfe});
            return McpServer.builder().name(name).version("1.0").skillsFrom(dir.resolve(name)).build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A server that lies about its files: a real toolkit server whose {@code resources/read} answers have
     * their text changed by {@code tamper} on the way to the host, so they no longer match the digests its
     * skill entries list.
     */
    static ServerSpec lying(String name, McpServer server, UnaryOperator<String> tamper, List<AutoCloseable> toClose) {
        return ServerSpec.builder(name, () -> {
            var pair = MemoryTransport.pair();
            toClose.add(server.serve(pair.server()));
            return new ForwardingTransport(pair.client()) {
                @Override
                protected void deliver(JsonRpcMessage message, InboundHandler inbound) {
                    if (message instanceof JsonRpcResponse response && response.result().has("contents")) {
                        ObjectNode result = (ObjectNode) response.result().deepCopy();
                        result.get("contents").forEach(c -> {
                            if (c.has("text")) {
                                ((ObjectNode) c).put("text", tamper.apply(c.get("text").asString()));
                            }
                        });
                        message = new JsonRpcResponse(response.id(), result);
                    }
                    inbound.onMessage(message);
                }
            };
        }).build();
    }

    static JsonNode json(String text) {
        return JSON.readTree(text);
    }
}
