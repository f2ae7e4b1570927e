/**
 * How {@link io.mcphost.server.http.StreamableHttpServer} works: the HTTP endpoint and its checks,
 * the session registry, each session's server-side transport with its message routing, and the
 * resumable SSE streams. Not exported; may change without notice. Nothing is null here unless a
 * comment says so.
 */
package io.mcphost.server.http.internal;
