package io.mcphost.testkit.faults;

/**
 * Misbehaving MCP servers for testing an agent or client against the failures real servers have: a
 * server that hangs, ignores SIGTERM, floods stderr, writes junk, answers twice, dies mid-call; an
 * HTTP endpoint that answers 500, redirects, hangs or sends an endless body.
 *
 * <pre>{@code
 * List<String> command = FaultyServers.stdio().ignoreSigterm().grandchild().command();
 * try (McpClient client = McpClient.builder(StdioTransport.builder(command).build()).connect()) {
 *     client.callTool("echo", null);
 * }   // close must still end both processes
 * }</pre>
 *
 * <p>Every fault server is real: a child process speaking over its stdin and stdout, or an HTTP
 * server on a free loopback port. Nothing is mocked, so what a test sees is what production sees.
 */
public final class FaultyServers {
    private FaultyServers() {
    }

    /** A new builder for the command line of a stdio server with no fault switched on. */
    public static StdioFaults stdio() {
        return new StdioFaults();
    }
}
