/**
 * LangChain4j integration: {@link io.mcphost.langchain4j.McpToolProvider} offers an
 * {@link io.mcphost.host.McpHost}'s tools to AI services, {@link io.mcphost.langchain4j.McpContents}
 * turns MCP prompts and resources into LangChain4j messages and documents. May call only the public
 * API of {@code io.mcphost.core} and LangChain4j. Null policy: a null argument throws
 * {@link java.lang.NullPointerException} unless a method says otherwise; nothing returns null.
 */
package io.mcphost.langchain4j;
