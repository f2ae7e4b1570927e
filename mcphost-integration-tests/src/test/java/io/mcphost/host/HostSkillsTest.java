package io.mcphost.host;

import static io.mcphost.host.HostFixtures.inProcess;
import static io.mcphost.host.HostFixtures.labelled;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.LoadedSkill;
import io.mcphost.protocol.JsonRpcRequest;
import io.mcphost.protocol.McpNotFoundException;
import io.mcphost.server.McpServer;
import io.mcphost.server.skills.SkillDirectory;
import io.mcphost.testkit.ScriptedServer;
import io.mcphost.transport.memory.MemoryTransport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Skills (Skills extension) aggregated by an {@link McpHost} across real toolkit servers: named like tools
 * (prefixed, de-collided, reported), servers without the extension or with a failing listing contributing
 * nothing, loads going to the skill's own server even when another serves the same URI, listing reading no file.
 */
@Timeout(30)
class HostSkillsTest {
    private final List<AutoCloseable> toClose = new CopyOnWriteArrayList<>();
    private final List<McpHost> hosts = new CopyOnWriteArrayList<>();

    @TempDir
    Path temp;

    @AfterEach
    void closeAll() throws Exception {
        hosts.forEach(McpHost::close);
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    /** A {@code pdf-processing} skill (same URIs on every server) whose body and forms name {@code label}. */
    private SkillDirectory pdfSkill(String label) throws IOException {
        Path dir = Files.createDirectories(temp.resolve(label).resolve("pdf-processing"));
        Files.writeString(dir.resolve("SKILL.md"), """
                ---
                name: pdf-processing
                description: PDF documents, as %s does them
                ---
                Body of %s.
                """.formatted(label, label));
        Files.writeString(Files.createDirectories(dir.resolve("references")).resolve("FORMS.md"), "Forms of " + label + "\n");
        return SkillDirectory.load(dir);
    }

    private McpServer skillServer(String label, SkillDirectory skill) {
        return McpServer.builder().name(label).version("1.0").skill(skill).build();
    }

    private McpHost started(McpHostBuilder builder) {
        McpHost host = builder.start();
        hosts.add(host);
        return host;
    }

    private McpHostBuilder twoSkillServersAndAPlainOne() throws IOException {
        SkillDirectory alpha = pdfSkill("alpha");
        SkillDirectory beta = pdfSkill("beta");
        return McpHost.builder()
                .server(inProcess("alpha", () -> skillServer("alpha", alpha), toClose).build())
                .server(inProcess("plain", () -> labelled("plain", "echo"), toClose).build())
                .server(inProcess("beta", () -> skillServer("beta", beta), toClose).build());
    }

    @Test
    void skillsOfTheSameNameOnTwoServersAreBothExposedUnderPrefixedNames() throws IOException {
        McpHost host = started(twoSkillServersAndAPlainOne());

        assertThat(host.skills()).extracting(HostSkill::name, HostSkill::server, HostSkill::originalName, HostSkill::uri)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("alpha__pdf-processing", "alpha", "pdf-processing", "skill://pdf-processing/SKILL.md"),
                        org.assertj.core.groups.Tuple.tuple("beta__pdf-processing", "beta", "pdf-processing", "skill://pdf-processing/SKILL.md"));
        assertThat(host.catalog().skillsOf("plain")).as("a server without the extension contributes nothing").isEmpty();
        assertThat(host.tools()).extracting(HostTool::name).containsExactly("plain__echo");
        assertThat(host.catalog().skill("beta__pdf-processing").orElseThrow().skill().description())
                .isEqualTo("PDF documents, as beta does them");
        // No skill contest; the files' URIs do collide as resources (the toolkit lists them), which is why loads never route by URI.
        assertThat(host.catalog().collisions()).extracting(NameCollision::kind).containsOnly(NameCollision.Kind.RESOURCE);
    }

    @Test
    void unprefixedSkillNamesThatCollideAreDeCollidedAndReported() throws IOException {
        McpHost host = started(twoSkillServersAndAPlainOne().naming(ToolNaming.unprefixed()));

        assertThat(host.skills()).extracting(HostSkill::name).containsExactly("pdf-processing", "beta__pdf-processing");
        assertThat(host.catalog().collisions()).filteredOn(c -> c.kind() == NameCollision.Kind.SKILL).singleElement().satisfies(c -> {
            assertThat(c.name()).isEqualTo("pdf-processing");
            assertThat(c.servers()).containsExactly("alpha", "beta");
            assertThat(c.resolution()).contains("skill 'pdf-processing' of 'beta' is exposed as 'beta__pdf-processing'");
        });
    }

    @Test
    void aSkillLoadsFromItsOwnServerWhenAnotherServesTheSameUri() throws IOException {
        McpHost host = started(twoSkillServersAndAPlainOne());

        LoadedSkill alpha = host.loadSkill("alpha__pdf-processing");
        LoadedSkill beta = host.loadSkill("beta__pdf-processing");

        assertThat(alpha.instructions()).contains("Body of alpha.").doesNotContain("beta");
        assertThat(beta.instructions()).contains("Body of beta.").doesNotContain("alpha");
        assertThat(new String(alpha.file("references/FORMS.md"), StandardCharsets.UTF_8)).isEqualTo("Forms of alpha\n");
        assertThat(new String(beta.file("references/FORMS.md"), StandardCharsets.UTF_8)).isEqualTo("Forms of beta\n");
        // Routing by URI alone would have sent both to one server: the host's resource routing keeps the first.
        assertThat(host.serverForUri("skill://pdf-processing/SKILL.md")).hasValue("alpha");
    }

    @Test
    void anUnknownSkillNameIsNotFoundWithADidYouMean() throws IOException {
        McpHost host = started(twoSkillServersAndAPlainOne());

        assertThatThrownBy(() -> host.loadSkill("pdf-procesing")).isInstanceOfSatisfying(McpNotFoundException.class, e -> {
            assertThat(e.getMessage()).contains("no available skill is named 'pdf-procesing'");
            assertThat(e.suggestion()).hasValue("alpha__pdf-processing");
        });
        assertThatThrownBy(() -> host.loadSkill("plain__echo")).as("tools are not skills").isInstanceOf(McpNotFoundException.class);
    }

    @Test
    void listingReadsNoFileAndAServerWhoseListingFailsContributesNothing() throws IOException {
        SkillDirectory alpha = pdfSkill("alpha");
        List<ScriptedServer> lazy = new CopyOnWriteArrayList<>();
        List<ScriptedServer> broken = new CopyOnWriteArrayList<>();
        McpHost host = started(McpHost.builder()
                .server(inProcess("alpha", () -> skillServer("alpha", alpha), toClose).build())
                .server(scriptedSpec("lazy", lazy, request -> ScriptedServer.json("""
                        {"skills":[{"uri":"skill://csv-tools/SKILL.md","frontmatter":{"name":"csv-tools","description":"CSV"},
                         "resources":[{"uri":"skill://csv-tools/SKILL.md","size":3,"digest":"sha256:%s"}]}]}""".formatted("0".repeat(64)))))
                .server(scriptedSpec("broken", broken, request -> {
                    throw new IllegalArgumentException("skills are broken today");
                })));

        assertThat(host.servers()).extracting(ServerStatus::state).containsOnly(ServerState.READY);
        assertThat(host.skills()).extracting(HostSkill::name).containsExactly("alpha__pdf-processing", "lazy__csv-tools");
        assertThat(lazy.getFirst().receivedMethods()).contains("skills/list").doesNotContain("resources/read", "skills/get");
        assertThat(broken.getFirst().receivedMethods()).contains("skills/list").doesNotContain("resources/read");
    }

    /**
     * A scripted server announcing the extension and resources (no tools): empty resource lists, and
     * {@code skillsList} for {@code skills/list}; anything else is refused.
     */
    private ServerSpec scriptedSpec(String name, List<ScriptedServer> started,
                                    java.util.function.Function<JsonRpcRequest, JsonNode> skillsList) {
        return ServerSpec.builder(name, () -> {
            var pair = MemoryTransport.pair();
            ScriptedServer server = new ScriptedServer(pair.server(), request -> switch (request.method()) {
                case "resources/list" -> Optional.of(ScriptedServer.json("{\"resources\":[]}"));
                case "resources/templates/list" -> Optional.of(ScriptedServer.json("{\"resourceTemplates\":[]}"));
                case "skills/list" -> Optional.of(skillsList.apply(request));
                default -> throw new IllegalArgumentException("unexpected " + request.method());
            }).capabilities("{\"resources\":{},\"extensions\":{\"io.modelcontextprotocol/skills\":{}}}").start();
            started.add(server);
            toClose.add(server::close);
            return pair.client();
        }).build();
    }
}
