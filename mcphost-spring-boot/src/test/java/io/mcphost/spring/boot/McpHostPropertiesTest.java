package io.mcphost.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.config.McpConfigException;
import io.mcphost.host.McpHost;
import io.mcphost.host.ReconnectPolicy;
import io.mcphost.host.ServerState;
import io.mcphost.testkit.Await;
import io.mcphost.testkit.DemoServerConfig;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * The {@code mcphost.servers.*} properties, the health contributor, the observations and the close, in real
 * application contexts against the demo server started as a process.
 */
class McpHostPropertiesTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(McpHostAutoConfiguration.class, McpHostHealthAutoConfiguration.class));

    /** The demo server as {@code mcphost.servers.<name>.*} properties. */
    private static List<String> demo(String name, String... more) {
        return DemoServerConfig.properties(name, more);
    }

    @Test
    void serversWrittenAsPropertiesStartWithTheirPrefixAndFilters() {
        runner.withPropertyValues(demo("demo", "prefix=calc", "allow-tools[0]=add", "allow-tools[1]=echo",
                        "deny-tools[0]=echo", "timeout=20s", "env.DEMO_GREETING=hello").toArray(String[]::new))
                .run(context -> {
                    assertThat(context).hasNotFailed().hasSingleBean(McpHost.class);
                    McpHost host = context.getBean(McpHost.class);
                    assertThat(host.tools()).extracting(t -> t.name()).containsExactly("calc__add");
                    McpHostProperties properties = context.getBean(McpHostProperties.class);
                    // An environment variable's name keeps its underscore and case.
                    assertThat(properties.servers().get("demo").env()).containsOnlyKeys("DEMO_GREETING");
                    assertThat(properties.servers().get("demo").timeout()).isEqualTo(Duration.ofSeconds(20));
                    assertThat(host.callTool("calc__add", Servers.json("{\"a\":40,\"b\":2}")).text()).isEqualTo("42");
                });
    }

    @Test
    void aFileAndPropertiesTogetherGiveBothServersAndANameInBothFailsTheStart(@TempDir Path dir) throws Exception {
        Path config = DemoServerConfig.mcpJson(dir, "fromfile");
        List<String> properties = new ArrayList<>(demo("fromyaml"));
        properties.add("mcphost.config=" + config);

        runner.withPropertyValues(properties.toArray(String[]::new)).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.getBean(McpHost.class).servers()).extracting(s -> s.name() + ":" + s.state())
                    .containsExactly("fromfile:READY", "fromyaml:READY");
        });

        List<String> clash = new ArrayList<>(demo("fromfile"));
        clash.add("mcphost.config=" + config);
        runner.withPropertyValues(clash.toArray(String[]::new)).run(context -> assertThat(context).hasFailed()
                .getFailure().rootCause().isInstanceOf(McpConfigException.class)
                .hasMessage("mcphost.servers: server 'fromfile': is defined in " + config + " too; rename or remove one of them"));
    }

    @Test
    void withoutServersOrAFileNothingIsCreated() {
        runner.run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(McpHost.class)
                .doesNotHaveBean(McpHostHealthIndicator.class).doesNotHaveBean(McpHostProperties.class));
    }

    @Test
    void theSkillsSwitchIsBoundForTheFrameworkModulesAndOffByDefault() {
        ApplicationContextRunner configured = runner.withPropertyValues(demo("demo").toArray(String[]::new));
        configured.run(context -> assertThat(context.getBean(McpHostProperties.class).skills().enabled()).isFalse());
        configured.withPropertyValues("mcphost.skills.enabled=true")
                .run(context -> assertThat(context.getBean(McpHostProperties.class).skills().enabled()).isTrue());
    }

    @Test
    void theApplicationsOwnHostIsKeptAndGetsTheHealthContributor() {
        McpHost own = McpHost.builder().start();
        try {
            runner.withBean(McpHost.class, () -> own).withPropertyValues(demo("demo").toArray(String[]::new))
                    .run(context -> {
                        assertThat(context).hasNotFailed().hasSingleBean(McpHost.class);
                        assertThat(context.getBean(McpHost.class)).isSameAs(own);
                        assertThat(context).hasSingleBean(McpHostHealthIndicator.class);
                        assertThat(DemoServerConfig.runningProcesses()).isEmpty();
                    });
        } finally {
            own.close();
        }
    }

    @Test
    void anApplicationsOwnHostWithoutAnyMcphostPropertiesIsInTheHealthToo() {
        McpHost own = McpHost.builder().start();
        try {
            runner.withBean(McpHost.class, () -> own).run(context -> {
                assertThat(context).hasNotFailed().hasSingleBean(McpHostHealthIndicator.class)
                        .doesNotHaveBean(McpHostProperties.class);
                assertThat(context.getBean(McpHostHealthIndicator.class).health().getStatus().getCode()).isEqualTo("UP");
            });
        } finally {
            own.close();
        }
    }

    @Test
    void aWrongEntryFailsTheStartWithTheConfigurationError() {
        runner.withPropertyValues("mcphost.servers.broken.url=ftp://example.invalid/mcp").run(context ->
                assertThat(context).hasFailed().getFailure().rootCause().isInstanceOf(McpConfigException.class)
                        .hasMessageStartingWith("mcphost.servers: server 'broken':"));
    }

    @Test
    void healthIsDownOnlyWhileARequiredServerIsNotReady() {
        List<String> properties = new ArrayList<>(demo("main", "required=true"));
        properties.add("mcphost.servers.optional.command=/nonexistent/mcp-server");
        runner.withBean(McpHostBuilderCustomizer.class, () -> builder -> builder.reconnect(ReconnectPolicy.never()))
                .withPropertyValues(properties.toArray(String[]::new)).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(McpHostHealthIndicator.class);
            McpHostHealthIndicator indicator = context.getBean(McpHostHealthIndicator.class);
            Health health = indicator.health();
            // The optional server failed to start: reported, but the application is UP.
            assertThat(health.getStatus()).isEqualTo(Status.UP);
            @SuppressWarnings("unchecked")
            Map<String, Map<String, Object>> servers = (Map<String, Map<String, Object>>) health.getDetails().get("servers");
            assertThat(servers.get("main")).containsEntry("state", "READY").containsEntry("required", true)
                    .containsEntry("tools", context.getBean(McpHost.class).tools().size());
            assertThat(servers.get("optional")).containsEntry("state", "FAILED").containsKey("lastError");

            // The required server's process dies (and the host was told not to reconnect): DOWN until restarted.
            DemoServerConfig.runningProcesses().getFirst().destroyForcibly();
            McpHost host = context.getBean(McpHost.class);
            Await.until(WAIT, () -> host.server("main").orElseThrow().state() == ServerState.FAILED, "the host to see the death");
            assertThat(indicator.health().getStatus()).isEqualTo(Status.DOWN);
            host.restartServer("main");
            assertThat(indicator.health().getStatus()).isEqualTo(Status.UP);
        });
    }

    @Test
    void everyCallIsObservedThroughTheApplicationsRegistry() {
        List<Observation.Context> seen = new CopyOnWriteArrayList<>();
        ObservationRegistry registry = ObservationRegistry.create();
        registry.observationConfig().observationHandler(new ObservationHandler<>() {
            @Override
            public boolean supportsContext(Observation.Context context) {
                return true;
            }

            @Override
            public void onStop(Observation.Context context) {
                seen.add(context);
            }
        });
        runner.withBean(ObservationRegistry.class, () -> registry)
                .withPropertyValues(demo("demo").toArray(String[]::new)).run(context -> {
                    assertThat(context).hasNotFailed();
                    McpHost host = context.getBean(McpHost.class);
                    host.callTool("demo__add", Servers.json("{\"a\":1,\"b\":2}"));
                    host.callTool("demo__add", Servers.json("{\"a\":\"not a number\"}"));

                    assertThat(seen).hasSize(2);
                    Observation.Context ok = seen.get(0);
                    assertThat(ok.getName()).isEqualTo(McpHostObservations.NAME);
                    assertThat(ok.getContextualName()).isEqualTo("tools/call add");
                    assertThat(ok.getLowCardinalityKeyValue("mcp.method.name").getValue()).isEqualTo("tools/call");
                    assertThat(ok.getLowCardinalityKeyValue("mcphost.server").getValue()).isEqualTo("demo");
                    assertThat(ok.getLowCardinalityKeyValue("gen_ai.tool.name").getValue()).isEqualTo("demo__add");
                    assertThat(ok.getLowCardinalityKeyValue("error.type")).isNull();
                    // Arguments the schema refuses are a tool error (isError), as the spec has it.
                    assertThat(seen.get(1).getLowCardinalityKeyValue("error.type").getValue()).isEqualTo("tool_error");
                });
    }

    @Test
    void aSpringBootApplicationStartsTheHostFromItsPropertiesAndClosingItEndsTheServers() {
        List<String> properties = new ArrayList<>(demo("demo"));
        ConfigurableApplicationContext context = new SpringApplicationBuilder(Application.class)
                .web(WebApplicationType.NONE).properties(properties.toArray(String[]::new)).run();
        List<ProcessHandle> started;
        try {
            McpHost host = context.getBean(McpHost.class);
            assertThat(host.server("demo").orElseThrow().state()).isEqualTo(ServerState.READY);
            assertThat(host.tools()).isNotEmpty();
            started = DemoServerConfig.runningProcesses();
            assertThat(started).hasSize(1);
            // The health module's registry picked the contributor up under the bean's name.
            assertThat(context.getBean(org.springframework.boot.health.registry.HealthContributorRegistry.class)
                    .getContributor("mcpHost")).isInstanceOf(McpHostHealthIndicator.class);
        } finally {
            context.close();
        }
        assertThat(started).noneMatch(ProcessHandle::isAlive);
    }

    @Test
    void thePropertiesHaveMetadataForIdeCompletion() throws Exception {
        try (var in = getClass().getClassLoader().getResourceAsStream("META-INF/spring-configuration-metadata.json")) {
            assertThat(in).as("the configuration processor's output").isNotNull();
            var properties = Servers.JSON.readTree(in).get("properties");
            Map<String, String> types = new java.util.HashMap<>();
            properties.forEach(p -> {
                assertThat(p.path("description").asString()).as(p.get("name").asString()).isNotBlank();
                types.put(p.get("name").asString(), p.get("type").asString());
            });
            assertThat(types).containsEntry("mcphost.config", "java.nio.file.Path")
                    .containsEntry("mcphost.servers", "java.util.Map<java.lang.String,io.mcphost.spring.boot.McpHostProperties$Server>");
        }
    }

    /** An application as users write one: everything comes from auto-configuration. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class Application {
        @Bean
        McpHostBuilderCustomizer noisyTimeouts() {
            return builder -> builder.startupTimeout(Duration.ofSeconds(30));
        }
    }
}
