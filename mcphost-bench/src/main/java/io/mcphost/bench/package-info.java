/**
 * The end-to-end benchmark program (Bench) and its report; run it with java -jar mcphost-bench/target/mcphost-bench.jar.
 *
 * <p>Not a library: nothing here is API. Arguments are never null unless a method says so.
 */
package io.mcphost.bench;
