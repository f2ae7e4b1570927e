/**
 * How the host's catalog is made: naming and collision resolution ({@code NameAllocator}), glob
 * matching, URI template matching, name suggestions and the Gemini schema rewrite. Pure code, no I/O.
 * Not exported; it may change without notice.
 */
package io.mcphost.host.internal;
