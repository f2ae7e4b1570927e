package io.mcphost.server.internal;

/**
 * A server transport that carries one session the client names by an id (Streamable HTTP's
 * {@code Mcp-Session-Id}), so that a request observer can say which session a request belongs to
 * ({@code mcp.session.id}). Others have no such id. The id never changes; thread-safe.
 */
public interface NamedSession {
    /** The session id, as the client sends it. */
    String id();
}
