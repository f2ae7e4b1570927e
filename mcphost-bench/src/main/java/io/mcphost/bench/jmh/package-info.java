/**
 * JMH micro-benchmarks; run with java -jar mcphost-bench/target/mcphost-bench.jar jmh [options].
 *
 * <p>Not a library: nothing here is API. Arguments are never null unless a method says so.
 */
package io.mcphost.bench.jmh;
