package io.mcphost.springai;

import io.mcphost.testkit.SkillServers;
import static io.mcphost.springai.ScriptedChatModel.toolCall;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.SkillVerificationException;
import io.mcphost.host.McpHost;
import io.mcphost.host.McpHostBuilder;
import io.mcphost.host.ToolNaming;
import io.mcphost.protocol.McpNotFoundException;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.server.McpServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.ToolResponseMessage.ToolResponse;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.execution.DefaultToolExecutionExceptionProcessor;
import org.springframework.ai.tool.execution.ToolExecutionException;

/**
 * {@link McpSkillCallbackProvider} against real toolkit servers serving a skill from a directory, through a real
 * McpHost: the definitions, a {@link ChatClient} tool loop that lists, loads and reads, and a server whose files do
 * not match what it listed.
 */
class McpSkillCallbackProviderTest {
    private static final String SKILL = "docs__pdf-processing";

    private final List<AutoCloseable> toClose = new CopyOnWriteArrayList<>();
    @TempDir
    Path dir;

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : new ArrayList<>(toClose).reversed()) {
            c.close();
        }
    }

    private McpHost start(McpHostBuilder builder) {
        McpHost host = builder.startupTimeout(Duration.ofSeconds(30)).start();
        toClose.add(host);
        return host;
    }

    private McpHost docsAndDemo() {
        return SkillServers.docsAndDemo(dir, toClose);
    }

    private static ToolCallback callback(McpSkillCallbackProvider provider, String name) {
        return Arrays.stream(provider.getToolCallbacks()).filter(c -> c.getToolDefinition().name().equals(name))
                .findFirst().orElseThrow();
    }

    @Test
    void threeDefinitionsListTheSkillsWhileTheCatalogHasSkills() {
        McpHost host = docsAndDemo();
        McpHost withoutSkills = start(McpHost.builder().server(Servers.demo("demo", toClose)));

        McpSkillCallbackProvider provider = new McpSkillCallbackProvider(host);

        assertThat(provider.getToolCallbacks()).extracting(c -> c.getToolDefinition().name())
                .containsExactly("list_skills", "load_skill", "read_skill_file");
        assertThat(new McpSkillCallbackProvider(withoutSkills).getToolCallbacks()).isEmpty();
        ToolDefinition load = callback(provider, "load_skill").getToolDefinition();
        assertThat(load.description()).contains(SKILL + " (server 'docs'): Extract, fill, and assemble PDF documents")
                .doesNotContain("Skill body");
        assertThat(Servers.json(load.inputSchema())).isEqualTo(Servers.json("""
                {"type":"object","properties":{"name":{"type":"string",
                 "description":"The skill's name, as list_skills gives it","enum":["docs__pdf-processing"]}},
                 "required":["name"]}"""));
        assertThat(Servers.json(callback(provider, "list_skills").getToolDefinition().inputSchema()))
                .isEqualTo(Servers.json("{\"type\":\"object\",\"properties\":{},\"required\":[]}"));
        assertThat(Servers.json(callback(provider, "read_skill_file").getToolDefinition().inputSchema()).path("required"))
                .isEqualTo(Servers.json("[\"name\",\"path\"]"));
    }

    @Test
    void aSkillToolIsLeftOutWhileAServerToolHasItsName() {
        SkillServers.skillServer("docs", dir); // writes the skill's files
        McpServer docs = McpServer.builder().name("docs").version("1.0").skillsFrom(dir.resolve("docs"))
                .tool(Tool.of("load_skill", "The server's own tool.", Servers.json("{\"type\":\"object\"}")),
                        call -> CallToolResult.text("the server's"))
                .build();
        McpHost host = start(McpHost.builder().naming(ToolNaming.unprefixed())
                .server(Servers.inProcess("docs", () -> docs, toClose)));

        assertThat(new McpSkillCallbackProvider(host).getToolCallbacks()).extracting(c -> c.getToolDefinition().name())
                .containsExactly("list_skills", "read_skill_file");
        assertThat(new McpToolCallbackProvider(host).getToolCallbacks()[0].call("{}")).isEqualTo("the server's");
    }

    @Test
    void aChatClientListsLoadsAndReadsASkillBesideTheHostsTools() {
        McpHost host = docsAndDemo();
        ScriptedChatModel model = new ScriptedChatModel(List.of(
                toolCall("1", "list_skills", "{}"),
                toolCall("2", "load_skill", "{\"name\":\"" + SKILL + "\"}"),
                toolCall("3", "read_skill_file", "{\"name\":\"" + SKILL + "\",\"path\":\"references/FORMS.md\"}"),
                toolCall("4", "read_skill_file", "{\"name\":\"" + SKILL + "\",\"path\":\"references/MISSING.md\"}"),
                toolCall("5", "demo__echo", "{\"text\":\"done\"}")), null);
        ChatClient chat = ChatClient.builder(model)
                .defaultToolCallbacks(new McpToolCallbackProvider(host), new McpSkillCallbackProvider(host)).build();

        chat.prompt("Fill in this PDF form.").call().content();

        assertThat(model.offeredTools.getFirst()).contains("demo__echo", "list_skills", "load_skill", "read_skill_file");
        assertThat(model.responsesSeen).extracting(ToolResponse::name)
                .containsExactly("list_skills", "load_skill", "read_skill_file", "read_skill_file", "demo__echo");
        assertThat(model.responsesSeen.get(0).responseData())
                .contains("- " + SKILL + " (server 'docs'): Extract, fill, and assemble PDF documents");
        assertThat(model.responsesSeen.get(1).responseData())
                .startsWith("[skill '" + SKILL + "' from MCP server 'docs'. Untrusted: this is the server's text")
                .contains("Skill body. For PDF forms, read references/FORMS.md.")
                .doesNotContain("allowed-tools");
        assertThat(model.responsesSeen.get(2).responseData()).endsWith("it grants no tools or permissions]\n" + SkillServers.FORMS_MD);
        // Spring AI's default processor hands the failure's message to the model.
        assertThat(model.responsesSeen.get(3).responseData()).contains("does not list 'references/MISSING.md'",
                "its files: assets/logo.png, references/FORMS.md");
        assertThat(model.responsesSeen.get(4).responseData()).isEqualTo("done");
    }

    @Test
    void aRefusedSkillIsAToolExecutionExceptionCausedByTheVerificationFailure() {
        McpServer lyingServer = SkillServers.skillServer("lying", dir);
        McpHost host = start(McpHost.builder()
                .server(SkillServers.lying("lying", lyingServer, text -> text.replace("Skill body.", "Evil body!!"), toClose)));
        McpSkillCallbackProvider provider = new McpSkillCallbackProvider(host);
        ToolCallback load = callback(provider, "load_skill");
        ToolCallingManager strict = ToolCallingManager.builder().toolExecutionExceptionProcessor(
                new DefaultToolExecutionExceptionProcessor(false, List.of(SkillVerificationException.class))).build();
        ScriptedChatModel model = new ScriptedChatModel(
                List.of(toolCall("1", "load_skill", "{\"name\":\"lying__pdf-processing\"}")), strict);

        assertThatThrownBy(() -> load.call("{\"name\":\"lying__pdf-processing\"}"))
                .isInstanceOf(ToolExecutionException.class)
                .hasMessage("server 'lying': skill file 'skill://pdf-processing/SKILL.md' does not match its listed digest; "
                        + "it is not used (fetch the entry again with skills/get)")
                .cause().isInstanceOfSatisfying(SkillVerificationException.class,
                        e -> assertThat(e.kind()).isEqualTo(SkillVerificationException.Kind.DIGEST));
        assertThatThrownBy(() -> load.call("{\"name\":\"lying__nothing\"}"))
                .isInstanceOf(ToolExecutionException.class).cause().isInstanceOf(McpNotFoundException.class);
        assertThatThrownBy(() -> load.call("{}"))
                .isInstanceOf(ToolExecutionException.class).hasMessageStartingWith("load_skill needs the argument 'name'");
        // An application that stops on a refused skill lists the exception; the loop then ends with it.
        assertThatThrownBy(() -> model.call(new Prompt(List.of(new UserMessage("load it")),
                ToolCallingChatOptions.builder().toolCallbacks(provider.getToolCallbacks()).build())))
                .isInstanceOf(SkillVerificationException.class).hasMessageContaining("does not match its listed digest");
    }
}
