package io.mcphost.spring.boot;

import io.mcphost.host.McpHost;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The host's servers in Actuator's health ({@link McpHostHealthIndicator}, component {@code mcpHost}) for
 * whichever {@link McpHost} the application has: the one {@link McpHostAutoConfiguration} starts from the
 * {@code mcphost.*} properties, or one the application defines itself without them. Active only with Boot's
 * health module on the class path; backs off when the application defines its own indicator. Ordered after
 * the host's auto-configuration (so its bean is seen) and before the health registry collects its contributors.
 */
@AutoConfiguration(after = McpHostAutoConfiguration.class,
        beforeName = "org.springframework.boot.health.autoconfigure.registry.HealthContributorRegistryAutoConfiguration")
@ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
@ConditionalOnBean(McpHost.class)
public class McpHostHealthAutoConfiguration {
    /** Boot instantiates this class; applications do not. */
    public McpHostHealthAutoConfiguration() {
    }

    /** Reports on the application's single {@link McpHost}. */
    @Bean
    @ConditionalOnMissingBean
    McpHostHealthIndicator mcpHostHealthIndicator(McpHost host) {
        return new McpHostHealthIndicator(host);
    }
}
