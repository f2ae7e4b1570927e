/**
 * The conformance fixture server: what the official MCP conformance suite's server scenarios expect,
 * served over Streamable HTTP at every protocol revision (see {@link io.mcphost.testkit.conformance.ConformanceServer}).
 */
package io.mcphost.testkit.conformance;
