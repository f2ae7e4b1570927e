/**
 * Mechanisms of the stdio transport (process trees, line framing, stderr draining, the child
 * environment). Not API: exported only to McpHost's own modules and may change without notice.
 */
package io.mcphost.transport.stdio.internal;
