/**
 * Spring AI integration: {@link io.mcphost.springai.McpToolCallbackProvider} offers an
 * {@link io.mcphost.host.McpHost}'s tools as Spring AI tool callbacks; on Spring Boot,
 * {@link io.mcphost.springai.McpSpringAiAutoConfiguration} makes it a bean over the host that
 * {@code mcphost-spring-boot} starts from the {@code mcphost.*} properties. May call only the public API of
 * {@code io.mcphost.core}, {@code io.mcphost.spring.boot}, Spring AI and Spring Boot. Null policy: a null
 * argument throws {@link java.lang.NullPointerException} unless a method says otherwise; nothing returns null.
 */
package io.mcphost.springai;
