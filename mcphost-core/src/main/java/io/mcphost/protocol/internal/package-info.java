/** Implementation detail of the protocol layer: the JSON codec. Not API. */
package io.mcphost.protocol.internal;
