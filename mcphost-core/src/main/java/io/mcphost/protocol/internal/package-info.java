/**
 * Implementation details of the protocol layer: the JSON codec, the JSON Schema validator and the
 * builder-argument checks. Not API: exported only to the server toolkit; applications use
 * {@link io.mcphost.protocol.Json} and {@link io.mcphost.protocol.JsonSchemas}.
 */
package io.mcphost.protocol.internal;
