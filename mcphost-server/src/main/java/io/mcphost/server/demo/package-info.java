/**
 * The demo server the {@code mcphost} CLI starts by default: a few small tools, a resource, a
 * template and a prompt, served on stdio by the same Java installation ({@link
 * io.mcphost.server.demo.DemoServer#command()}). Exported only to the CLI: not an API of the toolkit.
 * Arguments are non-null.
 */
package io.mcphost.server.demo;
