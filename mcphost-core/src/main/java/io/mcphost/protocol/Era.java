package io.mcphost.protocol;

/**
 * The two protocol eras of MCP, and a client's choice between them.
 *
 * <ul>
 *   <li>{@link #LEGACY}: the handshake revisions 2024-11-05 … 2025-11-25 — an {@code initialize}
 *       exchange opens a session that later requests rely on.</li>
 *   <li>{@link #MODERN}: revision 2026-07-28 and later — stateless; every request carries its
 *       protocol version, client capabilities and identity in {@code _meta}, and there is no
 *       handshake ({@code server/discover} tells what the server offers).</li>
 * </ul>
 *
 * As a client builder option (McpClientBuilder.era), {@link #AUTO} (the default) detects the
 * server's era as the specification's backward-compatibility rules describe: a {@code server/discover}
 * probe (stdio) or a modern request (HTTP) first, falling back to {@code initialize} when the answer
 * is not modern. As the value of a connected client's era, it is {@link #MODERN} or {@link #LEGACY}.
 */
public enum Era {
    /** Detect the server's era when connecting (builder option only). */
    AUTO,
    /** Revision 2026-07-28 or later: per-request metadata, no handshake. */
    MODERN,
    /** A handshake revision: {@code initialize} first. */
    LEGACY
}
