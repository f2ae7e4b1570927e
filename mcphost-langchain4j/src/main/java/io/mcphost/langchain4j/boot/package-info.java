/**
 * Spring Boot integration of the LangChain4j module: {@link io.mcphost.langchain4j.boot.McpToolProviderAutoConfiguration}
 * makes an {@link io.mcphost.langchain4j.McpToolProvider} bean over the application's
 * {@link io.mcphost.host.McpHost} bean (the one {@code mcphost-spring-boot} starts from the {@code mcphost.*}
 * properties). Used only when Spring Boot is on the class path (an optional dependency of this module). May call
 * only the public API of {@code io.mcphost.core}, {@code io.mcphost.langchain4j} and Spring Boot. Null policy: a
 * null argument throws {@link java.lang.NullPointerException} unless a method says otherwise; nothing returns null.
 */
package io.mcphost.langchain4j.boot;
