package io.mcphost.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.CallOptions;
import io.mcphost.client.McpClient;
import io.mcphost.client.ToolTask;
import io.mcphost.config.McpConfigException;
import io.mcphost.host.McpHost;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.McpError;
import io.mcphost.protocol.McpException;
import io.mcphost.protocol.completion.CompleteRequestParams;
import io.mcphost.protocol.completion.CompleteResult;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.prompts.GetPromptResult;
import io.mcphost.protocol.prompts.Prompt;
import io.mcphost.protocol.prompts.PromptMessage;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.resources.ResourceTemplate;
import io.mcphost.protocol.tools.CallToolResult;
import io.mcphost.protocol.tasks.TaskMetadata;
import io.mcphost.protocol.tools.Tool;
import io.mcphost.protocol.tools.ToolExecution;
import io.mcphost.protocol.tools.ToolExecution.TaskSupport;
import io.mcphost.server.McpServer;
import io.mcphost.testkit.ServerSpecs;
import io.mcphost.testkit.oauth.OAuthTestServer;
import io.mcphost.transport.http.HttpTransport;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The gateway's per-principal policy with real parts: two toolkit upstreams behind a host, the
 * gateway over HTTP with a static bearer token for each of two principals (and OAuth JWTs from the
 * testkit's authorization server for groups and scopes), and McpClients of both eras.
 */
@Timeout(60)
class GatewayPolicyTest {
    private static final JsonNode OBJECT = Json.parse("{\"type\":\"object\"}");
    private static final String ALICE = "alice-token-1";
    private static final String BOB = "bob-token-2";

    private final List<AutoCloseable> toClose = new CopyOnWriteArrayList<>();
    private final List<AuditEvent> audit = new CopyOnWriteArrayList<>();
    private McpHost host;

    private static McpServer github() {
        return McpServer.builder().name("github").version("1")
                .tool(Tool.of("get_issue", "Gets an issue", OBJECT), call -> CallToolResult.text("issue 7"))
                .tool(Tool.of("create_issue", "Creates an issue", OBJECT), call -> CallToolResult.text("created"))
                .tool(Tool.of("job", "May run as a task", OBJECT).withExecution(ToolExecution.of(TaskSupport.OPTIONAL)),
                        call -> CallToolResult.text("job done"))
                .prompt(Prompt.of("triage", "Triages"), arguments -> GetPromptResult.of("triage", PromptMessage.user("triage it")))
                .resource(Resource.of("gh://readme", "readme", "The readme", "text/plain"),
                        uri -> ReadResourceResult.of(TextResourceContents.of(uri, "text/plain", "gh readme")))
                .resourceTemplate(ResourceTemplate.of("gh://issues/{id}", "issue", "An issue", "text/plain"),
                        uri -> ReadResourceResult.of(TextResourceContents.of(uri, "text/plain", "an issue")))
                .completions(request -> CompleteResult.of(List.of("gh-value")))
                .build();
    }

    private static McpServer fs() {
        return McpServer.builder().name("fs").version("1")
                .tool(Tool.of("read_file", "Reads a file", OBJECT), call -> CallToolResult.text("file text"))
                .tool(Tool.of("write_file", "Writes a file", OBJECT), call -> CallToolResult.text("written"))
                .prompt(Prompt.of("summarize", "Summarizes"), arguments -> GetPromptResult.of("sum", PromptMessage.user("sum")))
                .resource(Resource.of("file:///notes", "notes", "Notes", "text/plain"),
                        uri -> ReadResourceResult.of(TextResourceContents.of(uri, "text/plain", "notes")))
                .build();
    }

    /** alice: everything of github; bob: fs's tools, prompts and resources; everyone: fs__read_file. */
    private static final GatewayPolicy POLICY = GatewayPolicy.of(
            GatewayPolicy.Rule.builder().name("alice-github").subjects("alice").servers("github").build(),
            GatewayPolicy.Rule.builder().subjects("bob").tools("fs__*").prompts("fs__*").resources("file:*").build(),
            GatewayPolicy.Rule.builder().name("public").tools("fs__read_file").build());

    @BeforeEach
    void start() {
        host = McpGateway.prepareHost(McpHost.builder())
                .server(ServerSpecs.inProcess("github", GatewayPolicyTest::github, toClose).build())
                .server(ServerSpecs.inProcess("fs", GatewayPolicyTest::fs, toClose).build())
                .start();
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
        host.close(Duration.ofSeconds(2));
    }

    private McpGateway gateway(McpGatewayBuilder builder) {
        McpGateway gateway = builder.http(new InetSocketAddress("127.0.0.1", 0)).start();
        toClose.add(gateway);
        return gateway;
    }

    private McpGateway withTokens() {
        return gateway(McpGateway.builder(host).bearerTokens(Map.of(ALICE, "alice", BOB, "bob")).policy(POLICY)
                .onAudit(audit::add));
    }

    private McpClient client(McpGateway gateway, Era era, String token) {
        HttpTransport.Builder transport = HttpTransport.builder(gateway.endpoint().orElseThrow());
        if (token != null) {
            transport.header("Authorization", "Bearer " + token);
        }
        McpClient client = McpClient.builder(transport.build()).name("downstream").era(era)
                .requestTimeout(Duration.ofSeconds(10)).build();
        toClose.add(client);
        client.connect();
        assertThat(client.era()).isEqualTo(era);
        return client;
    }

    /** How a request fails, with {@code name} replaced, to compare a hidden entry's failure with an unknown one's. */
    private static String failure(Runnable request, String name) {
        try {
            request.run();
        } catch (McpException e) {
            String code = e instanceof McpError error ? error.error().code() + " " + error.error().data().map(
                    d -> Json.write(d).replace(name, "NAME")).orElse("") + " " : "";
            return e.getClass().getSimpleName() + " " + code + e.getMessage().replace(name, "NAME");
        }
        throw new AssertionError("the request for " + name + " did not fail");
    }

    @ParameterizedTest
    @EnumSource(names = {"LEGACY", "MODERN"})
    void aliceSeesAndCallsOnlyHerToolsAndBobsCallOfOneIsAnUnknownTool(Era era) {
        McpGateway gateway = withTokens();
        McpClient alice = client(gateway, era, ALICE);
        McpClient bob = client(gateway, era, BOB);

        assertThat(alice.listTools()).extracting(Tool::name)
                .containsExactlyInAnyOrder("github__get_issue", "github__create_issue", "github__job", "fs__read_file");
        assertThat(alice.callTool("github__create_issue", Json.newObject()).text()).isEqualTo("created");
        assertThat(alice.callTool("fs__read_file", Json.newObject()).text()).as("the public rule").isEqualTo("file text");

        assertThat(bob.listTools()).extracting(Tool::name).containsExactlyInAnyOrder("fs__read_file", "fs__write_file");
        assertThat(bob.callTool("fs__write_file", Json.newObject()).text()).isEqualTo("written");
        // Hidden is indistinguishable from unknown: same error, same code, same wording.
        String hidden = failure(() -> bob.callTool("github__create_issue", Json.newObject()), "github__create_issue");
        String unknown = failure(() -> bob.callTool("nothing__here", Json.newObject()), "nothing__here");
        assertThat(hidden).isEqualTo(unknown).contains("Unknown tool");
        assertThat(failure(() -> alice.callTool("fs__write_file", Json.newObject()), "fs__write_file")).isEqualTo(unknown);
    }

    @ParameterizedTest
    @EnumSource(names = {"LEGACY", "MODERN"})
    void hiddenPromptsResourcesTemplatesAndCompletionsAreUnknownToo(Era era) {
        McpGateway gateway = withTokens();
        McpClient alice = client(gateway, era, ALICE);
        McpClient bob = client(gateway, era, BOB);

        assertThat(alice.listPrompts()).extracting(Prompt::name).containsExactly("github__triage");
        assertThat(bob.listPrompts()).extracting(Prompt::name).containsExactly("fs__summarize");
        assertThat(alice.listResources()).extracting(Resource::uri).containsExactly("gh://readme");
        assertThat(bob.listResources()).extracting(Resource::uri).containsExactly("file:///notes");
        assertThat(alice.listResourceTemplates()).extracting(ResourceTemplate::uriTemplate).containsExactly("gh://issues/{id}");
        assertThat(bob.listResourceTemplates()).isEmpty();

        assertThat(alice.getPrompt("github__triage", Map.of()).messages()).hasSize(1);
        assertThat(alice.readResource("gh://readme").contents()).hasSize(1);
        assertThat(alice.readResource("gh://issues/3").contents()).hasSize(1);
        assertThat(alice.complete(CompleteRequestParams.forPrompt("github__triage", "x", "")).completion().values())
                .containsExactly("gh-value");

        assertThat(failure(() -> bob.getPrompt("github__triage", Map.of()), "github__triage"))
                .isEqualTo(failure(() -> bob.getPrompt("nothing__here", Map.of()), "nothing__here")).contains("Unknown prompt");
        String unknownUri = failure(() -> bob.readResource("gh://nothing"), "gh://nothing");
        assertThat(failure(() -> bob.readResource("gh://readme"), "gh://readme")).isEqualTo(unknownUri);
        assertThat(failure(() -> bob.readResource("gh://issues/3"), "gh://issues/3")).isEqualTo(unknownUri);
        assertThat(failure(() -> bob.complete(CompleteRequestParams.forPrompt("github__triage", "x", "")), "github__triage"))
                .isEqualTo(failure(() -> bob.complete(CompleteRequestParams.forPrompt("nothing__here", "x", "")), "nothing__here"));
        assertThat(failure(() -> bob.complete(CompleteRequestParams.forResourceTemplate("gh://issues/{id}", "id", "")),
                "gh://issues/{id}")).isEqualTo(failure(() -> bob.complete(
                CompleteRequestParams.forResourceTemplate("gh://none/{id}", "id", "")), "gh://none/{id}"));
    }

    @ParameterizedTest
    @EnumSource(names = {"LEGACY", "MODERN"})
    void aToolAllowedRunsAsATaskAndOneHiddenDoesNot(Era era) {
        McpGateway gateway = withTokens();
        McpClient alice = client(gateway, era, ALICE);
        McpClient bob = client(gateway, era, BOB);
        ToolTask task = alice.tasks().callToolAsTask("github__job", Json.newObject(), CallOptions.defaults(),
                TaskMetadata.create());
        assertThat(task.awaitResult(Duration.ofSeconds(15)).text()).isEqualTo("job done");
        assertThatThrownBy(() -> bob.tasks().callToolAsTask("github__job", Json.newObject(), CallOptions.defaults(),
                TaskMetadata.create())).as("unknown to bob: refused by his client or as an unknown tool")
                .isInstanceOf(McpException.class).message().containsAnyOf("Unknown tool", "lists no such tool");
    }

    @Test
    void everyUseIsAnAuditEventNamingThePrincipalAndTheRule() {
        McpGateway gateway = withTokens();
        McpClient alice = client(gateway, Era.LEGACY, ALICE);
        McpClient bob = client(gateway, Era.MODERN, BOB);
        alice.listTools();
        bob.listTools();
        assertThat(audit).as("lists are no events").isEmpty();

        alice.callTool("github__get_issue", Json.newObject());
        alice.callTool("fs__read_file", Json.newObject());
        assertThatThrownBy(() -> bob.callTool("github__get_issue", Json.newObject())).isInstanceOf(McpException.class);
        assertThatThrownBy(() -> bob.readResource("gh://readme")).isInstanceOf(McpException.class);

        assertThat(audit).extracting(e -> e.allowed() + " " + e.principal().orElse("-") + " " + e.method() + " "
                        + e.name() + " " + e.server().orElse("-") + " " + e.rule())
                .containsExactly(
                        "true alice tools/call github__get_issue github alice-github",
                        "true alice tools/call fs__read_file fs public",
                        "false bob tools/call github__get_issue github no rule",
                        "false bob resources/read gh://readme github no rule");
    }

    @ParameterizedTest
    @EnumSource(names = {"LEGACY", "MODERN"})
    void withoutAPrincipalOnlyUnconditionalRulesApply(Era era) {
        McpGateway gateway = gateway(McpGateway.builder(host).policy(POLICY).onAudit(audit::add));
        McpClient anonymous = client(gateway, era, null);
        assertThat(anonymous.listTools()).extracting(Tool::name).containsExactly("fs__read_file");
        assertThat(anonymous.listPrompts()).isEmpty();
        assertThat(anonymous.callTool("fs__read_file", Json.newObject()).text()).isEqualTo("file text");
        assertThat(failure(() -> anonymous.callTool("fs__write_file", Json.newObject()), "fs__write_file"))
                .contains("Unknown tool");
        assertThat(audit).extracting(e -> e.principal().isPresent()).containsOnly(false);
    }

    @ParameterizedTest
    @EnumSource(names = {"LEGACY", "MODERN"})
    void withoutAPolicyEveryoneSeesEverything(Era era) {
        McpGateway gateway = gateway(McpGateway.builder(host).bearerTokens(Map.of(ALICE, "alice")).onAudit(audit::add));
        McpClient alice = client(gateway, era, ALICE);
        assertThat(alice.listTools()).hasSize(5);
        assertThat(alice.listResources()).hasSize(2);
        assertThat(alice.callTool("fs__write_file", Json.newObject()).text()).isEqualTo("written");
        assertThat(audit).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(names = {"LEGACY", "MODERN"})
    void oauthGroupsAndScopesGrant(Era era) {
        OAuthTestServer as = OAuthTestServer.start().jwtAccessTokens(true);
        toClose.add(as);
        GatewayPolicy policy = GatewayPolicy.of(
                GatewayPolicy.Rule.builder().name("ops").groups("ops").servers("github").build(),
                GatewayPolicy.Rule.builder().name("fs-scope").scopes("mcp:fs").servers("fs").build());
        McpGateway gateway = gateway(McpGateway.builder(host).oauthIssuer(as.uri()).policy(policy).onAudit(audit::add));
        String resource = gateway.endpoint().orElseThrow().toString();

        ObjectNode carolClaims = as.claims("carol", resource, Set.of(), Duration.ofMinutes(5));
        carolClaims.putArray("groups").add("ops").add("staff");
        McpClient carol = client(gateway, era, as.sign(carolClaims));
        McpClient dave = client(gateway, era, as.accessToken("dave", resource, Set.of("mcp:fs"), Duration.ofMinutes(5)));

        assertThat(carol.listTools()).extracting(Tool::name)
                .containsExactlyInAnyOrder("github__get_issue", "github__create_issue", "github__job");
        assertThat(dave.listTools()).extracting(Tool::name).containsExactlyInAnyOrder("fs__read_file", "fs__write_file");
        assertThat(carol.callTool("github__get_issue", Json.newObject()).text()).isEqualTo("issue 7");
        assertThat(failure(() -> dave.callTool("github__get_issue", Json.newObject()), "github__get_issue"))
                .contains("Unknown tool");
        assertThat(audit).extracting(e -> e.allowed() + " " + e.principal().orElse("-") + " " + e.rule())
                .containsExactly("true carol ops", "false dave no rule");
    }

    @Test
    void aPolicyFileIsReadAndABadOneIsNamedByFileAndLine(@TempDir Path dir) throws Exception {
        Path good = dir.resolve("policy.json");
        Files.writeString(good, """
                {"rules": [
                  {"name": "alice-github", "subjects": ["alice"], "servers": ["github"]},
                  {"groups": ["ops"], "scopes": ["mcp:admin"], "tools": ["github__*"], "resources": []}
                ]}
                """);
        GatewayPolicy policy = GatewayPolicy.read(good);
        assertThat(policy.rules()).hasSize(2);
        assertThat(policy.rules().get(0).name()).contains("alice-github");
        assertThat(policy.rules().get(1).tools()).contains(List.of("github__*"));
        assertThat(policy.rules().get(1).resources()).contains(List.of());
        assertThat(policy.rules().get(1).prompts()).isEmpty();

        Path unknownKey = dir.resolve("unknown.json");
        Files.writeString(unknownKey, "{\"rules\": [\n  {\"subjects\": [\"a\"]},\n  {\"user\": \"b\"}\n]}");
        assertThatThrownBy(() -> GatewayPolicy.read(unknownKey)).isInstanceOf(McpConfigException.class)
                .hasMessageContaining(unknownKey.toString()).hasMessageContaining("line 3")
                .hasMessageContaining("rules[1].user").hasMessageContaining("unknown key");

        Path wrongType = dir.resolve("type.json");
        Files.writeString(wrongType, "{\"rules\": [\n\n  {\"tools\": \"github__*\"}]}");
        assertThatThrownBy(() -> GatewayPolicy.read(wrongType)).isInstanceOf(McpConfigException.class)
                .hasMessageContaining("line 3").hasMessageContaining("rules[0].tools")
                .hasMessageContaining("array of non-empty strings");

        Path notJson = dir.resolve("broken.json");
        Files.writeString(notJson, "{\"rules\": [\n  {\"subjects\": [\"a\"],}\n]}");
        assertThatThrownBy(() -> GatewayPolicy.read(notJson)).isInstanceOf(McpConfigException.class)
                .hasMessageContaining(notJson.toString()).hasMessageContaining("line 2");

        assertThatThrownBy(() -> GatewayPolicy.parse("{}", "inline")).isInstanceOf(McpConfigException.class)
                .hasMessageContaining("rules");
    }
}
