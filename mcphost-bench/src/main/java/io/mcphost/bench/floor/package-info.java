/**
 * The floor: a minimal stdio and HTTP MCP server and raw clients with no MCP library, the lower bound every client is compared to.
 *
 * <p>Not a library: nothing here is API. Arguments are never null unless a method says so.
 */
package io.mcphost.bench.floor;
