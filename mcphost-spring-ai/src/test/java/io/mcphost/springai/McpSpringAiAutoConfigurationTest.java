package io.mcphost.springai;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.host.McpHost;
import io.mcphost.host.ServerState;
import io.mcphost.spring.boot.McpHostAutoConfiguration;
import io.mcphost.spring.boot.McpHostProperties;
import io.mcphost.testkit.DemoServerConfig;
import java.util.ArrayList;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;

/** The Spring AI beans over the host of mcphost-spring-boot's auto-configuration, against the demo server's process. */
class McpSpringAiAutoConfigurationTest {
    // Listed in the wrong order on purpose: Boot orders them (the Spring AI beans after the host).
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(McpSpringAiAutoConfiguration.class, McpHostAutoConfiguration.class));

    @Test
    void anMcpJsonPathInThePropertiesGivesAStartedHostAndItsToolCallbacks(@TempDir Path dir) throws Exception {
        Path config = DemoServerConfig.mcpJson(dir, "demo");

        runner.withPropertyValues("mcphost.config=" + config).run(context -> {
            assertThat(context).hasSingleBean(McpHost.class).hasSingleBean(McpToolCallbackProvider.class);
            McpToolCallbackProvider provider = context.getBean(McpToolCallbackProvider.class);
            assertThat(provider.getToolCallbacks()).extracting(c -> c.getToolDefinition().name()).contains("demo__echo");
            assertThat(java.util.Arrays.stream(provider.getToolCallbacks())
                    .filter(c -> c.getToolDefinition().name().equals("demo__echo")).findFirst().orElseThrow()
                    .call("{\"text\":\"from Spring\"}")).isEqualTo("from Spring");
        });
    }

    @Test
    void mcphostSkillsEnabledAddsTheSkillCallbackProvider(@TempDir Path dir) throws Exception {
        Path config = DemoServerConfig.mcpJson(dir, "demo");
        ApplicationContextRunner configured = runner.withPropertyValues("mcphost.config=" + config);

        configured.run(context -> {
            assertThat(context).doesNotHaveBean(McpSkillCallbackProvider.class);
            assertThat(context.getBean(McpHostProperties.class).skills().enabled()).isFalse();
        });
        configured.withPropertyValues("mcphost.skills.enabled=true").run(context -> {
            assertThat(context).hasSingleBean(McpSkillCallbackProvider.class).hasSingleBean(McpToolCallbackProvider.class);
            assertThat(context.getBean(McpHostProperties.class).skills().enabled()).isTrue();
            // The demo server serves no skills: the tools are offered once a server does.
            assertThat(context.getBean(McpSkillCallbackProvider.class).getToolCallbacks()).isEmpty();
        });
    }

    @Test
    void withoutTheConfigPropertyNothingIsCreated() {
        runner.run(context -> assertThat(context).doesNotHaveBean(McpHost.class).doesNotHaveBean(McpToolCallbackProvider.class));
    }

    @Test
    void theApplicationsOwnHostGetsTheToolCallbacksWithoutAnyProperty() {
        List<AutoCloseable> toClose = new ArrayList<>();
        McpHost own = McpHost.builder().server(Servers.demo("mine", toClose)).start();
        try {
            runner.withBean(McpHost.class, () -> own).run(context -> {
                assertThat(context).hasNotFailed().hasSingleBean(McpToolCallbackProvider.class);
                assertThat(context.getBean(McpToolCallbackProvider.class).getToolCallbacks())
                        .extracting(c -> c.getToolDefinition().name()).contains("mine__echo");
            });
        } finally {
            own.close();
        }
    }

    @Test
    void aSpringBootApplicationFindsBothAutoConfigurationsAndClosingItEndsTheServer() {
        List<String> properties = DemoServerConfig.properties("demo");
        ConfigurableApplicationContext context = new SpringApplicationBuilder(Application.class)
                .web(WebApplicationType.NONE).properties(properties.toArray(String[]::new)).run();
        List<ProcessHandle> started;
        try {
            McpHost host = context.getBean(McpHost.class);
            assertThat(host.server("demo").orElseThrow().state()).isEqualTo(ServerState.READY);
            assertThat(java.util.Arrays.stream(context.getBean(McpToolCallbackProvider.class).getToolCallbacks())
                    .filter(c -> c.getToolDefinition().name().equals("demo__add")).findFirst().orElseThrow()
                    .call("{\"a\":40,\"b\":2}")).isEqualTo("42");
            started = DemoServerConfig.runningProcesses();
            assertThat(started).hasSize(1);
        } finally {
            context.close();
        }
        assertThat(started).noneMatch(ProcessHandle::isAlive);
    }

    /** An application as users write one: everything comes from auto-configuration. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class Application {
    }
}
