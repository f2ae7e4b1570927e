package io.mcphost.testkit;

import io.mcphost.host.McpHost;
import io.mcphost.host.ServerSpec;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.server.McpServer;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.transport.ForwardingTransport;
import io.mcphost.transport.InboundHandler;
import io.mcphost.transport.memory.MemoryTransport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;
import tools.jackson.databind.node.ObjectNode;

/**
 * Servers of the Skills extension for tests of what reads skills (an agent framework's skill tools, the
 * CLI): a real toolkit server serving one skill from files, and a server that lies about those files.
 * Stateless; each server is the toolkit's, so it is thread-safe as the toolkit is.
 */
public final class SkillServers {
    /** The skill's {@code SKILL.md}: a frontmatter that claims a tool ({@code allowed-tools}), and a body naming its reference. */
    public static final String SKILL_MD = """
            ---
            name: pdf-processing
            description: Extract, fill, and assemble PDF documents
            allowed-tools: demo__fail
            ---
            # PDF processing

            Skill body. For PDF forms, read references/FORMS.md.
            """;
    /** The skill's {@code references/FORMS.md}. */
    public static final String FORMS_MD = "# Forms\n\nFill each field, then flatten the form.\n";
    /** The bytes of the skill's binary file, {@code assets/logo.png} (not valid UTF-8). */
    private static final byte[] LOGO = {(byte) 0x89, 'P', 'N', 'G', 0, (byte) 0xff, (byte) 0xfe};

    private SkillServers() {
    }

    /**
     * A toolkit server named {@code name} serving {@code pdf-processing} (SKILL.md, references/FORMS.md,
     * assets/logo.png) from files it writes below {@code dir}/{@code name}.
     *
     * @throws UncheckedIOException when the files cannot be written
     */
    public static McpServer skillServer(String name, Path dir) {
        try {
            Path skill = Files.createDirectories(dir.resolve(name).resolve("pdf-processing"));
            Files.writeString(skill.resolve("SKILL.md"), SKILL_MD);
            Files.writeString(Files.createDirectories(skill.resolve("references")).resolve("FORMS.md"), FORMS_MD);
            Files.write(Files.createDirectories(skill.resolve("assets")).resolve("logo.png"), LOGO);
            return McpServer.builder().name(name).version("1.0").skillsFrom(dir.resolve(name)).build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A started {@link McpHost} of two in-process toolkit servers: the demo server as {@code demo} (tools, no
     * skill) and {@link #skillServer(String, Path) docs}, whose skill is exposed as {@code docs__pdf-processing}.
     * The host and every server session are added to {@code toClose}, to be closed in reverse order.
     */
    public static McpHost docsAndDemo(Path dir, List<AutoCloseable> toClose) {
        McpServer docs = skillServer("docs", dir);
        McpHost host = McpHost.builder()
                .server(ServerSpecs.inProcess("demo", DemoServer::server, toClose).build())
                .server(ServerSpecs.inProcess("docs", () -> docs, toClose).build())
                .startupTimeout(Duration.ofSeconds(30)).start();
        toClose.add(host);
        return host;
    }

    /**
     * A server that lies about its files: {@code server}, in process, whose {@code resources/read}
     * answers have their text changed by {@code tamper} on the way to the host, so that they no longer
     * match the digests its skill entries list. Each start's server session is added to {@code toClose}.
     */
    public static ServerSpec lying(String name, McpServer server, UnaryOperator<String> tamper, List<AutoCloseable> toClose) {
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
}
