/**
 * Misbehaving MCP servers for tests: {@link io.mcphost.testkit.faults.FaultyServers#stdio()} builds
 * the command line of a real child process with chosen faults (ignores SIGTERM, leaves a grandchild,
 * floods stderr, writes junk or huge lines, answers with wrong, duplicate or unknown ids, dies after N
 * calls, hangs); {@link io.mcphost.testkit.faults.FaultyHttpServer} is a real loopback HTTP endpoint
 * whose tool calls hang, fail with 500 or an HTML 502, redirect, or return an endless body.
 *
 * <p>Everything is real I/O, so the same tests run against McpHost or any other MCP client. Nothing
 * here needs JUnit. Null arguments throw {@link java.lang.NullPointerException}.
 */
package io.mcphost.testkit.faults;
