package io.mcphost.springai;

import io.mcphost.host.McpHost;
import java.nio.file.Path;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Spring Boot auto-configuration, active when the property {@code mcphost.config} names an
 * {@code mcp.json} file (Claude Desktop, VS Code or Cursor format): an {@link McpHost} bean started
 * from it, closed with the application context, and an {@link McpToolCallbackProvider} bean over it.
 * Each backs off when the application defines its own bean of that type (for instance a host built
 * with interceptors). Give the provider to a chat client:
 * {@code chatClientBuilder.defaultToolCallbacks(provider)}.
 *
 * <p>Creating the host blocks until its servers are ready or have failed (McpHost's startup timeout);
 * a server marked {@code required} that cannot start fails the application context.
 */
@AutoConfiguration
@ConditionalOnProperty("mcphost.config")
public class McpHostAutoConfiguration {
    /** Boot instantiates this class; applications do not. */
    public McpHostAutoConfiguration() {
    }

    /**
     * The host, started from the file named by {@code mcphost.config}.
     *
     * @throws io.mcphost.protocol.McpException if the file cannot be read or a required server cannot start
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    public McpHost mcpHost(Environment environment) {
        return McpHost.fromConfig(Path.of(environment.getRequiredProperty("mcphost.config"))).start();
    }

    /** Every tool of the host as Spring AI tool callbacks, refreshed when the host's catalog changes. */
    @Bean
    @ConditionalOnMissingBean
    public McpToolCallbackProvider mcpToolCallbackProvider(McpHost host) {
        return new McpToolCallbackProvider(host);
    }
}
