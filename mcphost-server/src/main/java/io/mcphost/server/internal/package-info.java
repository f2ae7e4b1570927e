/**
 * How an {@link io.mcphost.server.McpServer} serves one connection: the registry fixed at build
 * time, the lifecycle and dispatch of each request on its own virtual thread, and the feature
 * requests (lists with pages, tool calls, reads, prompts, completions). Not exported; may change
 * without notice. Nothing is null here; absent values are {@link java.util.Optional}.
 */
package io.mcphost.server.internal;
