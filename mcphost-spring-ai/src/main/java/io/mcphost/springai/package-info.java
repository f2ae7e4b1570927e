/**
 * Spring AI integration: {@link io.mcphost.springai.McpToolCallbackProvider} offers an
 * {@link io.mcphost.host.McpHost}'s tools as Spring AI tool callbacks. May call only the public API of
 * {@code io.mcphost.core} and Spring AI. Null policy: a null argument throws
 * {@link java.lang.NullPointerException} unless a method says otherwise; nothing returns null.
 */
package io.mcphost.springai;
