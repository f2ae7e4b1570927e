package io.mcphost.langchain4j;

import static io.mcphost.langchain4j.ScriptedChatModel.toolCall;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.service.spring.AiService;
import dev.langchain4j.service.spring.AiServiceWiringMode;
import dev.langchain4j.service.IllegalConfigurationException;
import dev.langchain4j.service.tool.ToolProvider;
import dev.langchain4j.service.tool.ToolProviderResult;
import io.mcphost.host.McpHost;
import io.mcphost.host.ServerState;
import io.mcphost.langchain4j.boot.McpToolProviderAutoConfiguration;
import io.mcphost.spring.boot.McpHostAutoConfiguration;
import io.mcphost.spring.boot.McpHostHealthIndicator;
import io.mcphost.testkit.DemoServerConfig;
import io.mcphost.testkit.SkillServers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.health.registry.HealthContributorRegistry;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * A LangChain4j application on Spring Boot (no Spring AI on this module's class path): the host from the
 * {@code mcphost.*} properties (mcphost-spring-boot), the {@link McpToolProvider} bean over it, and an
 * {@code @AiService} of LangChain4j's own starter whose scripted model calls a tool of the demo server, started as
 * a process from the properties. The starter is the newest on Maven Central, 1.12.2-beta22, built on Boot 3.5 (its
 * Boot 3 starter excluded, see the POM): it works on this build's Boot 4.0.9, in both its wiring modes.
 */
class McpToolProviderAutoConfigurationTest {
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(McpToolProviderAutoConfiguration.class, McpHostAutoConfiguration.class));
    private final List<AutoCloseable> toClose = new CopyOnWriteArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : new ArrayList<>(toClose).reversed()) {
            c.close();
        }
    }

    /** The demo server as {@code mcphost.servers.<name>.*} properties. */
    private static String[] demo(String name) {
        return DemoServerConfig.properties(name).toArray(String[]::new);
    }

    /** What the application declares; the starter implements it, wired automatically. */
    @AiService
    interface Assistant {
        String chat(String message);
    }

    /** The same, with the beans named: what an application with more than one ToolProvider bean writes. */
    @AiService(wiringMode = AiServiceWiringMode.EXPLICIT, chatModel = "chatModel", toolProvider = "mcpToolProvider")
    interface ExplicitAssistant {
        String chat(String message);
    }

    /** An application as users write one: the model is its own bean, everything else comes from auto-configuration. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class Application {
        @Bean
        ScriptedChatModel chatModel() {
            return new ScriptedChatModel(List.of(toolCall("1", "demo__add", "{\"a\": 40, \"b\": 2}")));
        }
    }

    @Test
    void anAiServiceCallsAToolOfTheServerNamedInThePropertiesAndClosingTheApplicationEndsTheServer() {
        ConfigurableApplicationContext context = new SpringApplicationBuilder(Application.class)
                .web(WebApplicationType.NONE).properties(demo("demo")).run();
        List<ProcessHandle> started;
        try {
            McpHost host = context.getBean(McpHost.class);
            assertThat(host.server("demo").orElseThrow().state()).isEqualTo(ServerState.READY);
            // The one ToolProvider of the context: the starter's automatic wiring takes it.
            assertThat(context.getBeansOfType(ToolProvider.class)).containsOnlyKeys("mcpToolProvider");

            String answer = context.getBean(Assistant.class).chat("What is 40 + 2? Use a tool.");

            assertThat(answer).isEqualTo("Here is what the tools said: demo__add -> 42");
            assertThat(context.getBean(ExplicitAssistant.class).chat("And again?"))
                    .isEqualTo("Here is what the tools said: demo__add -> 42");
            ScriptedChatModel model = context.getBean(ScriptedChatModel.class);
            assertThat(model.requests.getFirst().toolSpecifications()).extracting(ToolSpecification::name)
                    .contains("demo__add", "demo__echo");
            // Health, as with Spring AI: the health module's registry picked the contributor up.
            assertThat(context.getBean(HealthContributorRegistry.class).getContributor("mcpHost"))
                    .isInstanceOf(McpHostHealthIndicator.class);
            assertThat(context.getBean(McpHostHealthIndicator.class).health().getStatus()).isEqualTo(Status.UP);
            started = DemoServerConfig.runningProcesses();
            assertThat(started).hasSize(1);
        } finally {
            context.close();
        }
        assertThat(started).noneMatch(ProcessHandle::isAlive);
    }

    /** The application above with a ToolProvider of its own beside ours. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class TwoProvidersApplication extends Application {
        @Bean
        ToolProvider otherTools() {
            return request -> ToolProviderResult.builder().build();
        }
    }

    /** What docs/langchain4j.md says: the starter's automatic wiring wants one ToolProvider, else names the beans. */
    @Test
    void withASecondToolProviderTheStartersAutomaticWiringRefusesToGuess() {
        SpringApplicationBuilder application = new SpringApplicationBuilder(TwoProvidersApplication.class)
                .web(WebApplicationType.NONE).properties(demo("demo"));
        assertThatThrownBy(application::run).isInstanceOf(IllegalConfigurationException.class)
                .hasMessageContaining("multiple beans of type " + ToolProvider.class.getName())
                .hasMessageContaining("mcpToolProvider").hasMessageContaining("otherTools");
    }

    @Test
    void springAiIsNotOnThisClassPath() {
        // What the test above proves is that a LangChain4j application needs no Spring AI.
        assertThatThrownBy(() -> Class.forName("org.springframework.ai.tool.ToolCallback"))
                .isInstanceOf(ClassNotFoundException.class);
        assertThatThrownBy(() -> Class.forName("io.mcphost.springai.McpToolCallbackProvider"))
                .isInstanceOf(ClassNotFoundException.class);
    }

    @Test
    void withoutAHostThereIsNoProvider() {
        runner.run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(McpHost.class)
                .doesNotHaveBean(McpToolProvider.class));
    }

    @Test
    void theApplicationsOwnProviderIsKept() {
        McpHost empty = McpHost.builder().start();
        toClose.add(empty);
        McpToolProvider own = McpToolProvider.builder(empty).resourceTool(true).build();
        runner.withPropertyValues(demo("demo")).withBean(McpToolProvider.class, () -> own).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(McpToolProvider.class).hasSingleBean(McpHost.class);
            assertThat(context.getBean(McpToolProvider.class)).isSameAs(own);
        });
    }

    @Test
    void mcphostSkillsEnabledAddsTheSkillToolsToTheApplicationsOwnHost(@TempDir Path dir) {
        // A host per context: the context closes it (an AutoCloseable bean).
        ApplicationContextRunner withHost = runner.withBean(McpHost.class, () -> SkillServers.docsAndDemo(dir, toClose));

        withHost.run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(McpToolProvider.class).hasSingleBean(McpHost.class);
            assertThat(context.getBean(McpToolProvider.class).toolSpecifications()).extracting(ToolSpecification::name)
                    .contains("demo__echo").doesNotContain("list_skills", "load_skill", "read_skill_file");
        });
        withHost.withPropertyValues("mcphost.skills.enabled=true").run(context ->
                assertThat(context.getBean(McpToolProvider.class).toolSpecifications()).extracting(ToolSpecification::name)
                        .contains("demo__echo", "list_skills", "load_skill", "read_skill_file"));
    }
}
