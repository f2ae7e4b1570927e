package io.mcphost.springai;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.host.McpHost;
import io.mcphost.server.demo.DemoServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class McpHostAutoConfigurationTest {
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(McpHostAutoConfiguration.class));

    @Test
    void anMcpJsonPathInThePropertiesGivesAStartedHostAndItsToolCallbacks(@TempDir Path dir) throws Exception {
        List<String> demo = DemoServer.command();
        Path config = dir.resolve("mcp.json");
        Files.writeString(config, Servers.JSON.writeValueAsString(Map.of("mcpServers",
                Map.of("demo", Map.of("command", demo.getFirst(), "args", demo.subList(1, demo.size()))))));

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
        List<String> demo = DemoServer.command();
        Path config = dir.resolve("mcp.json");
        Files.writeString(config, Servers.JSON.writeValueAsString(Map.of("mcpServers",
                Map.of("demo", Map.of("command", demo.getFirst(), "args", demo.subList(1, demo.size()))))));
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
}
