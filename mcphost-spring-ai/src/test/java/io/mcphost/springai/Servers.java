package io.mcphost.springai;

import io.mcphost.host.ServerSpec;
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

    static JsonNode json(String text) {
        return JSON.readTree(text);
    }
}
