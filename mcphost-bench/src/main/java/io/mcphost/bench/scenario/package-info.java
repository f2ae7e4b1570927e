/**
 * The end-to-end scenarios, run as interleaved rounds so machine noise hits every library alike.
 *
 * <p>Not a library: nothing here is API. Arguments are never null unless a method says so.
 */
package io.mcphost.bench.scenario;
