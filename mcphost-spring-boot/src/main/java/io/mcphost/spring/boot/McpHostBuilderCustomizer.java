package io.mcphost.spring.boot;

import io.mcphost.host.McpHostBuilder;

/**
 * Changes the builder of the auto-configured {@link io.mcphost.host.McpHost} before it starts: a bean of this
 * type adds interceptors, an approval, handlers for the servers' requests (elicitation, sampling, roots are
 * off until the application handles them) or an authorization handler. Every such bean runs, in
 * {@link org.springframework.core.annotation.Order} order, on the thread that creates the host.
 */
@FunctionalInterface
public interface McpHostBuilderCustomizer {
    /** Changes {@code builder}; called once, before the host starts. */
    void customize(McpHostBuilder builder);
}
