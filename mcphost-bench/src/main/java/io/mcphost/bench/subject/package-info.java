/**
 * One connected client per library under test (McpHost, the official SDK sync and async, the raw floor), behind one small
 * interface; and the driver of the TypeScript SDK, which runs and times its calls in a node process.
 *
 * <p>Not a library: nothing here is API. Arguments are never null unless a method says so.
 */
package io.mcphost.bench.subject;
