/**
 * Mechanisms of the stdio transport (the child process and its tree, line framing, stderr
 * draining, the child environment, the settings copied from the builder). Not API: not exported,
 * and may change without notice.
 */
package io.mcphost.transport.stdio.internal;
