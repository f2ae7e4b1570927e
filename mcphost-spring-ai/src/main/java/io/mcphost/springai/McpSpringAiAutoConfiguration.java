package io.mcphost.springai;

import io.mcphost.host.McpHost;
import io.mcphost.spring.boot.McpHostAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;

/**
 * Spring Boot auto-configuration of the Spring AI beans over the application's {@link McpHost} bean (the one
 * {@link McpHostAutoConfiguration} starts from the {@code mcphost.*} properties, or the application's own): an
 * {@link McpToolCallbackProvider}, and with {@code mcphost.skills.enabled=true} a {@link McpSkillCallbackProvider}
 * (the servers' skills as three tools). Each backs off when the application defines its own bean of that type.
 * Give the provider to a chat client: {@code chatClientBuilder.defaultToolCallbacks(provider)}. Creating the beans
 * does no I/O.
 */
// After the host's auto-configuration, so that @ConditionalOnBean sees the host it defines.
@AutoConfiguration(after = McpHostAutoConfiguration.class)
@ConditionalOnBean(McpHost.class)
public class McpSpringAiAutoConfiguration {
    /** Boot instantiates this class; applications do not. */
    public McpSpringAiAutoConfiguration() {
    }

    /** Every tool of the host as Spring AI tool callbacks, refreshed when the host's catalog changes. */
    @Bean
    @ConditionalOnMissingBean
    public McpToolCallbackProvider mcpToolCallbackProvider(McpHost host) {
        return new McpToolCallbackProvider(host);
    }

    /**
     * The servers' skills as the tools {@code list_skills}, {@code load_skill} and {@code read_skill_file}, when
     * {@code mcphost.skills.enabled} is true (off by default: a skill is a server's text the model is asked to follow).
     */
    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnProperty(prefix = "mcphost.skills", name = "enabled", havingValue = "true")
    public McpSkillCallbackProvider mcpSkillCallbackProvider(McpHost host) {
        return new McpSkillCallbackProvider(host);
    }
}
