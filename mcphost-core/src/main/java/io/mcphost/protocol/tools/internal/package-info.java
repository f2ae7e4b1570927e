/**
 * Implementation details of the tools types: readers that build {@code tools/list} and
 * {@code tools/call} records straight from their JSON trees in their plain shapes (and decline any
 * other shape, which Jackson then converts). Not API: not exported. They live here, above the codec,
 * so that {@code protocol.internal} does not depend on the tools types (which depend on
 * {@link io.mcphost.protocol.Json}, and so on the codec).
 */
package io.mcphost.protocol.tools.internal;
