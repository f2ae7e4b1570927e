/**
 * The OAuth flow's implementation: discovery, the grants, the loopback listener, the stores.
 * Not exported; changes without notice.
 */
package io.mcphost.auth.internal;
