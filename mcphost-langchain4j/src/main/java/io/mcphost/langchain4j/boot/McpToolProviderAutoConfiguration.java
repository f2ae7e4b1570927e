package io.mcphost.langchain4j.boot;

import io.mcphost.host.McpHost;
import io.mcphost.langchain4j.McpToolProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Spring Boot auto-configuration of the LangChain4j {@link McpToolProvider} over the application's {@link McpHost}
 * bean: the host that {@code mcphost-spring-boot} starts from the {@code mcphost.*} properties (with its health,
 * observations and close), or the application's own. With {@code mcphost.skills.enabled=true} the provider offers
 * the servers' skills as well ({@link McpToolProvider.Builder#skills(boolean)}). It backs off when the application
 * defines its own {@code McpToolProvider}, for example to set per-call options (elicitation per user) or the
 * resource and prompt tools.
 *
 * <p>The provider is the application's one LangChain4j {@code ToolProvider}: the LangChain4j Spring Boot starter
 * gives it to every {@code @AiService} in its automatic wiring mode, and {@code AiServices.builder(..)
 * .toolProvider(bean)} takes it without the starter. Creating it does no I/O.
 */
// After the host's auto-configuration, so that @ConditionalOnBean sees the host it defines. Named, not referenced:
// mcphost-spring-boot is not a dependency of this module (an application that defines its own host needs none of it).
@AutoConfiguration(afterName = "io.mcphost.spring.boot.McpHostAutoConfiguration")
@ConditionalOnBean(McpHost.class)
public class McpToolProviderAutoConfiguration {
    /** Boot instantiates this class; applications do not. */
    public McpToolProviderAutoConfiguration() {
    }

    /**
     * Every tool of the host as LangChain4j tools, translated again when the host's catalog changes; with
     * {@code mcphost.skills.enabled=true}, the tools {@code list_skills}, {@code load_skill} and
     * {@code read_skill_file} too.
     */
    @Bean
    @ConditionalOnMissingBean
    public McpToolProvider mcpToolProvider(McpHost host, Environment environment) {
        // Read here rather than through McpHostProperties, which lives in mcphost-spring-boot.
        boolean skills = environment.getProperty("mcphost.skills.enabled", Boolean.class, false);
        return McpToolProvider.builder(host).skills(skills).build();
    }
}
