/**
 * Loading MCP server configurations from the files people already have: Claude Desktop, Claude
 * Code and Cursor ({@code mcpServers}), VS Code ({@code servers} and {@code inputs}) and Kiro,
 * auto-detected, with variable substitution, {@code envFile} and environment passthrough.
 * {@link io.mcphost.config.McpConfigLoader} is the entry point; every problem in a file is a
 * {@link io.mcphost.config.McpConfigException} naming the file, the server and the key.
 *
 * <p>This package calls only the protocol and transport layers. Arguments and return values are
 * never null; optional values are {@link java.util.Optional}. All result types are immutable.
 */
package io.mcphost.config;
