/**
 * An in-process transport pair for tests and for embedding a server in the same JVM. Calls only
 * the protocol layer. Arguments are non-null unless a method says otherwise.
 */
package io.mcphost.transport.memory;
