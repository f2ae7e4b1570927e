/**
 * The gateway's detail: the host's catalog mirrored into the server toolkit's offer, and the
 * handlers that forward each downstream request through the host. Not exported.
 */
package io.mcphost.gateway.internal;
