/**
 * The single-server MCP client: {@link io.mcphost.client.McpClient} with its builder, per-call
 * {@link io.mcphost.client.CallOptions}, and the handlers through which a server's own requests
 * (elicitation, sampling) reach the application. Implementation lives in
 * {@code io.mcphost.client.internal}, which is not exported.
 *
 * <p>Threading: clients are thread-safe; builders are not. Listeners run on the client's
 * notification thread, handlers on virtual threads of their own; neither ever runs on a
 * transport's reader thread.
 *
 * <p>Null policy: a null argument throws {@link NullPointerException} unless a method says
 * otherwise; absent values are {@link java.util.Optional} or empty collections, never null.
 */
package io.mcphost.client;
