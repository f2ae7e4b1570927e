package io.mcphost.spring.boot;

import io.mcphost.host.McpHost;
import io.mcphost.host.McpHostBuilder;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Spring Boot auto-configuration, active when the {@code mcphost.*} properties name servers
 * ({@code mcphost.servers.<name>.*}, see {@link McpHostProperties}) or an mcp.json file
 * ({@code mcphost.config}): an {@link McpHost} bean started from them and closed with the application
 * context. It backs off when the application defines its own host; {@link McpHostBuilderCustomizer} beans
 * change the host before it starts. With an {@link ObservationRegistry} bean, {@link McpHostObservations}
 * observes every call of this host. The servers in Actuator's health come from
 * {@link McpHostHealthAutoConfiguration}, for this host or one the application defines itself.
 *
 * <p>It knows no agent framework: the framework modules order their own auto-configurations after this one and
 * offer the host bean to the model ({@code mcphost-spring-ai}: {@code McpToolCallbackProvider};
 * {@code mcphost-langchain4j}: {@code McpToolProvider}), the same host and properties for both.
 *
 * <p>Creating the host blocks until its servers are ready or have failed (McpHost's startup timeout);
 * a server marked {@code required} that cannot start fails the application context.
 */
// After the observation registry is defined (so @ConditionalOnBean below sees it).
@AutoConfiguration(afterName = "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration")
@Conditional(McpHostAutoConfiguration.OnMcpHostProperties.class)
@EnableConfigurationProperties(McpHostProperties.class)
public class McpHostAutoConfiguration {
    /** Boot instantiates this class; applications do not. */
    public McpHostAutoConfiguration() {
    }

    /**
     * The host, started from the {@code mcphost.*} properties; closed (within its close timeout) when the
     * context closes.
     *
     * @throws io.mcphost.protocol.McpException if the configuration is wrong or a required server cannot start
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    public McpHost mcpHost(McpHostProperties properties, Environment environment,
                           ObjectProvider<McpHostBuilderCustomizer> customizers) {
        McpHostBuilder builder = McpHost.fromConfig(properties.toConfig(environment::getProperty));
        customizers.orderedStream().forEach(c -> c.customize(builder));
        return builder.start();
    }

    /** Calls observed through the application's {@link ObservationRegistry}, when it has one. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.micrometer.observation.ObservationRegistry")
    static class Observations {
        @Bean
        @ConditionalOnBean(ObservationRegistry.class)
        McpHostBuilderCustomizer mcpHostObservations(ObservationRegistry registry) {
            return builder -> builder.interceptAll(new McpHostObservations(registry));
        }
    }

    /** Matches when {@code mcphost.config} is set or {@code mcphost.servers} names a server. */
    static final class OnMcpHostProperties extends SpringBootCondition {
        @Override
        public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
            Binder binder = Binder.get(context.getEnvironment());
            boolean file = binder.bind("mcphost.config", String.class).map(s -> !s.isBlank()).orElse(false);
            boolean servers = binder.bind("mcphost.servers", Bindable.mapOf(String.class, Object.class))
                    .map(m -> !m.isEmpty()).orElse(false);
            return file || servers ? ConditionOutcome.match("mcphost.config or mcphost.servers is set")
                    : ConditionOutcome.noMatch("neither mcphost.config nor mcphost.servers is set");
        }
    }
}
