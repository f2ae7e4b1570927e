/**
 * Spring Boot integration, for any agent framework: {@link io.mcphost.spring.boot.McpHostAutoConfiguration}
 * starts an {@link io.mcphost.host.McpHost} from the {@code mcphost.*} properties
 * ({@link io.mcphost.spring.boot.McpHostProperties}) and observes its calls through Micrometer;
 * {@link io.mcphost.spring.boot.McpHostHealthAutoConfiguration} reports any host bean in Actuator's health.
 * The framework modules ({@code mcphost-spring-ai}, {@code mcphost-langchain4j}) offer the host bean to
 * their models. May call only the public API of {@code io.mcphost.core} and Spring Boot. Null
 * policy: a null argument throws {@link java.lang.NullPointerException} unless a method says otherwise;
 * nothing returns null.
 */
package io.mcphost.spring.boot;
