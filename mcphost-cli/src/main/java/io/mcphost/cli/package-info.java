/**
 * The {@code mcphost} command line: picocli commands ({@link io.mcphost.cli.Main} is the entry),
 * shell-like splitting of {@code --stdio} without a shell, tool-argument parsing, human output
 * (tables, content blocks, a progress bar), and the terminal side of what a server asks
 * ({@code TerminalElicitation}). It talks to servers only through
 * {@code io.mcphost.client.McpClient} (one server) and {@code io.mcphost.host.McpHost}
 * ({@code --config}), and handles JSON only through the public {@code io.mcphost.protocol.Json}
 * and {@code JsonSchemas}. Everything here except {@code Main} is package-private.
 * Null policy: arguments are non-null unless a method says so.
 */
package io.mcphost.cli;
