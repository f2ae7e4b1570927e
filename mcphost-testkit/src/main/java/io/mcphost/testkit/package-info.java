/**
 * Test helpers for MCP clients and servers: {@link io.mcphost.testkit.Await} waits on a condition
 * with a deadline instead of sleeping; {@link io.mcphost.testkit.RecordingTransport} and
 * {@link io.mcphost.testkit.RecordingHandler} record what crosses a transport;
 * {@link io.mcphost.testkit.RawClient} speaks raw JSON-RPC to a toolkit server;
 * {@link io.mcphost.testkit.ScriptedServer} and {@link io.mcphost.testkit.ScriptedHttpServer} are
 * peers whose every answer a test scripts, for faults a well-behaved server never produces;
 * {@link io.mcphost.testkit.NpmFixtures} and {@link io.mcphost.testkit.EverythingHttpServer} find and
 * start the npm reference server.
 *
 * <p>Null policy: no method accepts {@code null} unless its documentation says so; a {@code null}
 * argument throws {@link java.lang.NullPointerException}. Failures of the code under test are
 * reported as {@link java.lang.AssertionError}s whose message says what was awaited or expected.
 */
package io.mcphost.testkit;
