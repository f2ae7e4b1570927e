/**
 * McpHost testkit: helpers for tests of MCP clients and servers built with McpHost. Every helper
 * fails with a plain {@link AssertionError} (or {@link IllegalStateException} for a broken test
 * environment), so it works under any test framework; nothing here depends on JUnit or AssertJ.
 */
module io.mcphost.testkit {
    requires transitive io.mcphost.core;
    requires transitive io.mcphost.server;
    // ScriptedHttpServer hands HttpExchange to scripts.
    requires transitive jdk.httpserver;

    // FaultyStdioServer replaces the JVM's SIGTERM handler to play a server that ignores it.
    requires jdk.unsupported;

    exports io.mcphost.testkit;
    exports io.mcphost.testkit.faults;
    exports io.mcphost.testkit.eras;
    exports io.mcphost.testkit.conformance;
}
