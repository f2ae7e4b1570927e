package io.mcphost.client.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.LoadedSkill;
import io.mcphost.client.McpClient;
import io.mcphost.client.SkillVerificationException;
import io.mcphost.client.SkillVerificationException.Kind;
import io.mcphost.protocol.Era;
import io.mcphost.protocol.McpCapabilityException;
import io.mcphost.protocol.content.BlobResourceContents;
import io.mcphost.protocol.internal.JsonCodec;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.skills.Skill;
import io.mcphost.protocol.skills.SkillResource;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.node.ObjectNode;

/**
 * The Skills extension (SEP-2640) from a 2026-07-28 client: the extension read from {@code server/discover},
 * a skill listed and loaded, a tampered file refused; and the verifier's edge cases (blobs, CRLF
 * frontmatter, YAML numbers, nested metadata) on their own.
 */
@Timeout(10)
class ModernSkillsClientTest {
    private static final String SKILL = "skill://acme/pdf-processing/SKILL.md";
    private static final String FORMS = "skill://acme/pdf-processing/references/FORMS.md";
    private static final String SKILL_TEXT = "---\nname: pdf-processing\ndescription: Extract PDF text\n---\nSkill body.\n";
    private static final String FORMS_TEXT = "# Forms\n";

    private static String digest(byte[] bytes) {
        return "sha256:" + HexFormat.of().formatHex(SkillVerifier.sha256(bytes));
    }

    private static String fileJson(String uri, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return "{\"uri\":\"" + uri + "\",\"digest\":\"" + digest(bytes) + "\",\"size\":" + bytes.length + "}";
    }

    private static ModernClientTest.FakeServer server(String capabilities, Map<String, String> served) {
        String entry = "{\"uri\":\"" + SKILL + "\",\"frontmatter\":{\"name\":\"pdf-processing\",\"description\":\"Extract PDF text\"},"
                + "\"resources\":[" + fileJson(SKILL, SKILL_TEXT) + "," + fileJson(FORMS, FORMS_TEXT) + "]}";
        return new ModernClientTest.FakeServer(true, (method, params) -> switch (method) {
            case "server/discover" -> "\"result\":{\"resultType\":\"complete\",\"supportedVersions\":[\"2026-07-28\"],"
                    + "\"capabilities\":" + capabilities + ","
                    + "\"_meta\":{\"io.modelcontextprotocol/serverInfo\":{\"name\":\"fake\",\"version\":\"2\"}}}";
            case "skills/list" -> "\"result\":{\"resultType\":\"complete\",\"ttlMs\":0,\"cacheScope\":\"private\",\"skills\":[" + entry + "]}";
            case "resources/read" -> {
                String uri = params.path("uri").asString();
                yield "\"result\":{\"resultType\":\"complete\",\"contents\":[{\"uri\":\"" + uri
                        + "\",\"mimeType\":\"text/markdown\",\"text\":" + tools.jackson.databind.node.JsonNodeFactory.instance.stringNode(served.get(uri)).toString() + "}]}";
            }
            default -> "\"error\":{\"code\":-32601,\"message\":\"Method not found\"}";
        });
    }

    @Test
    void aModernServersSkillIsListedLoadedAndItsTamperedFileRefused() {
        Map<String, String> served = new ConcurrentHashMap<>(Map.of(SKILL, SKILL_TEXT, FORMS, "# Forms!"));
        ModernClientTest.FakeServer server = server("{\"resources\":{},\"extensions\":{\"io.modelcontextprotocol/skills\":{}}}", served);
        try (McpClient client = McpClient.builder(server).era(Era.MODERN).connect()) {
            List<Skill> skills = client.skills().list();
            assertThat(skills).extracting(Skill::uri).containsExactly(SKILL);
            assertThat(methods(server)).doesNotContain("resources/read");
            LoadedSkill loaded = client.skills().load(skills.getFirst());
            assertThat(loaded.instructions()).isEqualTo(SKILL_TEXT);
            assertThatThrownBy(() -> loaded.file("references/FORMS.md")).isInstanceOfSatisfying(SkillVerificationException.class,
                    e -> assertThat(e.kind()).isEqualTo(Kind.DIGEST));
        }
    }

    @Test
    void aModernServerWithoutTheExtensionGetsNoSkillRequest() {
        ModernClientTest.FakeServer server = server("{\"resources\":{}}", Map.of());
        try (McpClient client = McpClient.builder(server).era(Era.MODERN).connect()) {
            assertThat(client.skills().isOffered()).isFalse();
            assertThatThrownBy(() -> client.skills().list()).isInstanceOf(McpCapabilityException.class);
        }
        assertThat(methods(server)).doesNotContain("skills/list");
    }

    private static List<String> methods(ModernClientTest.FakeServer server) {
        return server.sent.stream().map(m -> m.path("method").asString("")).toList();
    }

    // The verifier on its own.

    private static Skill skill(String frontmatterJson, String skillText) {
        byte[] bytes = skillText.getBytes(StandardCharsets.UTF_8);
        return Skill.of(SKILL, (ObjectNode) JsonCodec.get().readTree(frontmatterJson),
                List.of(new SkillResource(SKILL, digest(bytes), bytes.length)));
    }

    @Test
    void frontmatterIsComparedAsYamlDataCrlfAndNumbersIncluded() {
        String text = "---\r\nname: pdf-processing\r\ndescription: \"Extract PDF text\"\r\nversion: 1\r\n"
                + "metadata:\r\n  tags: [pdf, forms]\r\n---\r\nbody\r\n";
        SkillVerifier.checkFrontmatter("s", skill("{\"name\":\"pdf-processing\",\"description\":\"Extract PDF text\","
                + "\"version\":1.0,\"metadata\":{\"tags\":[\"pdf\",\"forms\"]}}", text), text);
        for (String listed : List.of("{\"name\":\"pdf-processing\",\"description\":\"Extract PDF text\",\"version\":1}",
                "{\"name\":\"pdf-processing\",\"description\":\"Extract PDF text\",\"version\":2,\"metadata\":{\"tags\":[\"pdf\",\"forms\"]}}",
                "{\"name\":\"pdf-processing\",\"description\":\"Extract PDF text\",\"version\":1,\"metadata\":{\"tags\":[\"forms\",\"pdf\"]}}")) {
            assertThatThrownBy(() -> SkillVerifier.checkFrontmatter("s", skill(listed, text), text))
                    .isInstanceOfSatisfying(SkillVerificationException.class, e -> assertThat(e.kind()).isEqualTo(Kind.FRONTMATTER));
        }
        String notYaml = "---\nname: [unclosed\n---\nbody\n";
        assertThatThrownBy(() -> SkillVerifier.checkFrontmatter("s", skill("{}", notYaml), notYaml))
                .isInstanceOfSatisfying(SkillVerificationException.class, e -> assertThat(e.kind()).isEqualTo(Kind.FRONTMATTER));
    }

    @Test
    void aListedSizeNearLongMaxIsOverTheLimitNotWrappedUnderIt() {
        byte[] bytes = SKILL_TEXT.getBytes(StandardCharsets.UTF_8);
        Skill huge = Skill.of(SKILL, (ObjectNode) JsonCodec.get().readTree("{\"name\":\"pdf-processing\"}"),
                List.of(new SkillResource(SKILL, digest(bytes), bytes.length), new SkillResource(FORMS, digest(bytes), Long.MAX_VALUE)));
        assertThatThrownBy(() -> SkillVerifier.manifest("s", huge))
                .isInstanceOfSatisfying(SkillVerificationException.class, e -> assertThat(e.kind()).isEqualTo(Kind.LIMIT));
    }

    @Test
    void aBlobCountsAsItsDecodedBytesAndAWrongLengthIsRefusedBeforeDecoding() {
        byte[] bytes = {0, 1, 2, (byte) 0xff, 4};
        SkillResource file = new SkillResource(FORMS, digest(bytes), bytes.length);
        String base64 = Base64.getEncoder().encodeToString(bytes);
        assertThat(SkillVerifier.verified("s", file, ReadResourceResult.of(BlobResourceContents.of(FORMS, null, base64))))
                .isEqualTo(bytes);
        String longer = Base64.getEncoder().encodeToString(new byte[] {0, 1, 2, (byte) 0xff, 4, 5});
        assertThatThrownBy(() -> SkillVerifier.verified("s", file, ReadResourceResult.of(BlobResourceContents.of(FORMS, null, longer))))
                .isInstanceOfSatisfying(SkillVerificationException.class, e -> assertThat(e.kind()).isEqualTo(Kind.SIZE));
        assertThat(SkillVerifier.decodedLength("@@@")).isEqualTo(-1);
    }
}
