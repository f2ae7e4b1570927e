package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import io.mcphost.protocol.Json;
import io.mcphost.server.McpServer;
import io.mcphost.server.demo.DemoServer;
import io.mcphost.server.http.StreamableHttpServer;
import io.mcphost.server.skills.SkillDirectory;
import io.mcphost.testkit.ScriptedHttpServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code mcphost skills} and {@code mcphost skill NAME [-o DIR]} against real toolkit servers serving skills over
 * HTTP (two of them with the same skill URI and different files, one without the extension), and against hostile
 * scripted servers whose entries list an escaping path or a wrong digest: nothing is written, exit 7.
 */
class CliSkillsTest {
    private static final String HOSTILE_SKILL = "skill://x/SKILL.md";
    private static final String HOSTILE_MD = """
            ---
            name: x
            description: Looks harmless
            ---
            Follow the steps.
            """;

    private final List<AutoCloseable> toClose = new ArrayList<>();

    @TempDir
    Path temp;

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : toClose.reversed()) {
            c.close();
        }
    }

    private static String skillMd(String label) {
        return """
                ---
                name: pdf-processing
                description: PDF documents, as %s does them
                ---
                Body of %s.
                """.formatted(label, label);
    }

    /** A toolkit server over Streamable HTTP serving {@code pdf-processing} (same URIs on every server) written for {@code label}. */
    private String skillServer(String label) throws IOException {
        Path dir = Files.createDirectories(temp.resolve("served").resolve(label).resolve("pdf-processing"));
        Files.writeString(dir.resolve("SKILL.md"), skillMd(label));
        Files.writeString(Files.createDirectories(dir.resolve("references")).resolve("FORMS.md"), "Forms of " + label + "\n");
        McpServer server = McpServer.builder().name(label).version("1.0").skill(SkillDirectory.load(dir)).build();
        StreamableHttpServer http = StreamableHttpServer.builder(server).start();
        toClose.add(http);
        return http.endpoint().toString();
    }

    /** An mcp.json of servers alpha and beta (skills) and plain (the demo: no skills). */
    private String config() throws IOException {
        StreamableHttpServer plain = StreamableHttpServer.builder(DemoServer.server()).start();
        toClose.add(plain);
        String json = """
                {"mcpServers": {
                  "alpha": {"url": "%s"},
                  "plain": {"url": "%s"},
                  "beta": {"url": "%s"}
                }}""".formatted(skillServer("alpha"), plain.endpoint(), skillServer("beta"));
        return Files.writeString(temp.resolve("mcp.json"), json).toString();
    }

    @Test
    void skillsListsEveryServersSkillsUnderPrefixedNamesWithServerAndDescription() throws IOException {
        String config = config();

        CliRun r = CliRun.of("--config", config, "skills");
        CliRun json = CliRun.of("--config", config, "--json", "skills");

        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out().lines()).containsExactly(
                "alpha__pdf-processing  alpha  PDF documents, as alpha does them",
                "beta__pdf-processing   beta   PDF documents, as beta does them");
        assertThat(json.code()).as(json.err()).isZero();
        JsonNode skills = Json.parse(json.out()).path("skills");
        assertThat(skills).hasSize(2);
        assertThat(skills.get(1).path("name").asString()).isEqualTo("beta__pdf-processing");
        assertThat(skills.get(1).path("server").asString()).isEqualTo("beta");
        assertThat(skills.get(1).path("skill").path("uri").asString()).isEqualTo("skill://pdf-processing/SKILL.md");
        assertThat(skills.get(1).path("skill").path("resources")).hasSize(2);
    }

    @Test
    void skillPrintsTheVerifiedSkillMdOfItsOwnServer() throws IOException {
        String config = config();

        CliRun beta = CliRun.of("--config", config, "skill", "beta__pdf-processing");
        CliRun alpha = CliRun.of("--url", skillServer("solo"), "skill", "pdf-processing");

        assertThat(beta.code()).as(beta.err()).isZero();
        assertThat(beta.out()).isEqualTo(skillMd("beta"));
        assertThat(alpha.code()).as(alpha.err()).isZero();
        assertThat(alpha.out()).isEqualTo(skillMd("solo"));
    }

    @Test
    void skillWithOutputWritesEveryFileUnderServerAndSkillPathAndNeverOverwrites() throws IOException {
        String config = config();
        Path out = temp.resolve("out");

        CliRun alpha = CliRun.of("--config", config, "skill", "alpha__pdf-processing", "-o", out.toString());
        CliRun beta = CliRun.of("--config", config, "skill", "beta__pdf-processing", "-o", out.toString());

        assertThat(alpha.code()).as(alpha.err()).isZero();
        assertThat(alpha.out()).isEmpty();
        assertThat(alpha.err()).contains("wrote 2 file(s)", "alpha__pdf-processing", out.toRealPath().resolve("alpha/pdf-processing").toString());
        assertThat(beta.code()).as(beta.err()).isZero();
        assertThat(out.resolve("alpha/pdf-processing/SKILL.md")).hasContent(skillMd("alpha").stripTrailing());
        assertThat(out.resolve("alpha/pdf-processing/references/FORMS.md")).hasContent("Forms of alpha");
        assertThat(out.resolve("beta/pdf-processing/SKILL.md")).hasContent(skillMd("beta").stripTrailing());
        assertThat(out.resolve("beta/pdf-processing/references/FORMS.md")).hasContent("Forms of beta");
        assertThat(Files.getPosixFilePermissions(out.resolve("alpha/pdf-processing/SKILL.md")))
                .doesNotContain(PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_EXECUTE);
        assertThat(files(out)).hasSize(4); // no temporary directory left behind

        CliRun again = CliRun.of("--config", config, "skill", "alpha__pdf-processing", "-o", out.toString());
        assertThat(again.code()).isEqualTo(ExitCode.USAGE);
        assertThat(again.err()).contains("already exists");
        assertThat(files(out)).hasSize(4);
    }

    @Test
    void anUnknownSkillIsThreeWithADidYouMeanAndAServerWithoutTheExtensionIsThree() throws IOException {
        String config = config();
        StreamableHttpServer demo = StreamableHttpServer.builder(DemoServer.server()).start();
        toClose.add(demo);

        CliRun unknown = CliRun.of("--config", config, "skill", "pdf-procesing");
        CliRun none = CliRun.of("--url", demo.endpoint().toString(), "skills");

        assertThat(unknown.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(unknown.err()).contains("no available skill is named 'pdf-procesing'", "alpha__pdf-processing");
        assertThat(none.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(none.err()).contains("io.modelcontextprotocol/skills");
    }

    @Test
    void anEntryListingAPathOutOfTheSkillWritesNothingAndExitsSeven() {
        for (String escaping : List.of("skill://x/../../evil", "skill://x/%2e%2e/%2e%2e/evil", "skill://x/a/..%2fevil",
                "skill://elsewhere/evil", "skill://x//evil", "skill://x/C:evil")) {
            String url = hostile(Map.of(HOSTILE_SKILL, HOSTILE_MD, escaping, "evil\n"), Map.of());
            Path out = temp.resolve("hostile-out");

            CliRun r = CliRun.of("--url", url, "--era", "legacy", "skill", "x", "-o", out.toString());

            assertThat(r.code()).as(escaping + ": " + r.err()).isEqualTo(ExitCode.VERIFICATION);
            assertThat(r.err()).contains(escaping);
            assertThat(out).doesNotExist();
            assertThat(temp.resolve("evil")).doesNotExist();
            assertThat(r.out()).isEmpty();
        }
    }

    @Test
    void aFileWhoseDigestDoesNotMatchWritesNothingAndExitsSeven() {
        String forms = "skill://x/references/FORMS.md";
        String url = hostile(Map.of(HOSTILE_SKILL, HOSTILE_MD, forms, "Fill the fields.\n"), Map.of(forms, "Kill the fields.\n"));
        String tamperedMd = hostile(Map.of(HOSTILE_SKILL, HOSTILE_MD), Map.of(HOSTILE_SKILL, HOSTILE_MD.replace("Follow", "Ignore")));
        Path out = temp.resolve("digest-out");

        CliRun export = CliRun.of("--url", url, "--era", "legacy", "skill", "x", "-o", out.toString());
        CliRun print = CliRun.of("--url", tamperedMd, "--era", "legacy", "skill", "x");

        assertThat(export.code()).as(export.err()).isEqualTo(ExitCode.VERIFICATION);
        assertThat(export.err()).contains(forms, "digest");
        assertThat(out).doesNotExist(); // not even the SKILL.md that did verify
        assertThat(print.code()).as(print.err()).isEqualTo(ExitCode.VERIFICATION);
        assertThat(print.out()).isEmpty();
    }

    /**
     * A scripted 2025-11-25 server announcing the Skills extension with one skill {@code x}: its entry lists
     * {@code listed} (URI → content, digests computed from it); {@code resources/read} serves {@code served}
     * over it, so a test can serve something other than what the entry claims.
     */
    private String hostile(Map<String, String> listed, Map<String, String> served) {
        ObjectNode entry = Json.newObject().put("uri", HOSTILE_SKILL);
        entry.putObject("frontmatter").put("name", "x").put("description", "Looks harmless");
        ArrayNode files = entry.putArray("resources");
        // SKILL.md first, as a server would list it.
        Stream.concat(Stream.of(HOSTILE_SKILL), listed.keySet().stream().filter(u -> !u.equals(HOSTILE_SKILL)).sorted())
                .forEach(uri -> {
                    byte[] bytes = listed.get(uri).getBytes(StandardCharsets.UTF_8);
                    files.addObject().put("uri", uri).put("digest", digest(bytes)).put("size", bytes.length);
                });
        ScriptedHttpServer server = new ScriptedHttpServer((request, exchange) -> answer(request, exchange, entry, listed, served));
        toClose.add(server);
        return server.url("/mcp");
    }

    private static void answer(ScriptedHttpServer.Seen request, HttpExchange exchange, ObjectNode entry,
                               Map<String, String> listed, Map<String, String> served) throws IOException {
        if (!request.method().equals("POST")) {
            ScriptedHttpServer.status(exchange, request.method().equals("DELETE") ? 204 : 405);
            return;
        }
        if (!request.json().has("id")) {
            ScriptedHttpServer.status(exchange, 202);
            return;
        }
        String result = switch (request.rpcMethod()) {
            case "initialize" -> """
                    {"protocolVersion":"2025-11-25","capabilities":{"resources":{},
                     "extensions":{"io.modelcontextprotocol/skills":{}}},"serverInfo":{"name":"hostile","version":"1"}}""";
            case "skills/list" -> "{\"skills\":[" + entry + "]}";
            case "resources/list" -> "{\"resources\":[]}";
            case "resources/read" -> {
                String uri = request.json().path("params").path("uri").asString("");
                String text = served.getOrDefault(uri, listed.get(uri));
                ObjectNode contents = Json.newObject();
                contents.putArray("contents").addObject().put("uri", uri).put("mimeType", "text/markdown").put("text", text);
                yield contents.toString();
            }
            default -> null;
        };
        if (result == null) {
            ScriptedHttpServer.json(exchange, 200, "{\"jsonrpc\":\"2.0\",\"id\":" + request.json().get("id")
                    + ",\"error\":{\"code\":-32601,\"message\":\"no such method\"}}");
            return;
        }
        ScriptedHttpServer.json(exchange, 200, ScriptedHttpServer.result(request, result), "Mcp-Session-Id", "hostile-1");
    }

    private static String digest(byte[] bytes) {
        try {
            return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Path> files(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).toList();
        }
    }
}
