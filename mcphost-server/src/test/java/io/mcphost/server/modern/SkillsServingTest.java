package io.mcphost.server.modern;

import static io.mcphost.server.modern.ModernFixtures.params;
import static org.assertj.core.api.Assertions.assertThat;

import io.mcphost.protocol.Json;
import io.mcphost.protocol.JsonRpcErrorResponse;
import io.mcphost.protocol.JsonRpcMessage;
import io.mcphost.protocol.JsonRpcResponse;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.resources.ReadResourceResult;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.skills.Skill;
import io.mcphost.protocol.skills.SkillResource;
import io.mcphost.server.McpServer;
import io.mcphost.server.skills.SkillDirectory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A skill directory served over the in-memory pair (Skills extension), read as a client would, in the handshake
 * era and in 2026-07-28: list, get, directory reads and resources/read of every file, checked against its digest.
 */
@Timeout(10)
class SkillsServingTest {
    private static final String SKILL_MD = """
            ---
            name: pdf-processing
            description: Extract, fill, and assemble PDF documents
            ---
            Skill body.
            """;
    private static final String FORMS_MD = "# Forms\n";

    @TempDir
    Path temp;

    private McpServer server(int pageSize) throws IOException {
        Path dir = Files.createDirectories(temp.resolve("pdf-processing/references"));
        Files.writeString(temp.resolve("pdf-processing/SKILL.md"), SKILL_MD);
        Files.writeString(dir.resolve("FORMS.md"), FORMS_MD);
        Path other = Files.createDirectories(temp.resolve("csv-tools"));
        Files.writeString(other.resolve("SKILL.md"), "---\nname: csv-tools\ndescription: CSV\n---\n");
        return McpServer.builder().pageSize(pageSize).skillsFrom(temp).build();
    }

    /** Sends in one era: the handshake era after initialize, or 2026-07-28 with its _meta. */
    private static BiFunction<String, String, JsonRpcMessage> era(MemoryWire wire, boolean modern) {
        if (modern) {
            return (method, body) -> wire.send(method, params(body, "{}"));
        }
        JsonNode init = result(wire.send("initialize", """
                {"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}"""));
        assertThat(init.path("capabilities").path("extensions").path("io.modelcontextprotocol/skills")
                .path("directoryRead").asBoolean()).isTrue();
        assertThat(init.path("capabilities").has("resources")).isTrue();
        wire.notify("notifications/initialized", "{}");
        return (method, body) -> wire.send(method, "{" + body + "}");
    }

    private static JsonNode result(JsonRpcMessage m) {
        assertThat(m).isInstanceOf(JsonRpcResponse.class);
        return ((JsonRpcResponse) m).result();
    }

    private static int errorCode(JsonRpcMessage m) {
        assertThat(m).isInstanceOf(JsonRpcErrorResponse.class);
        return ((JsonRpcErrorResponse) m).error().code();
    }

    private static String sha256(byte[] bytes) throws Exception {
        return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    @Test
    void handshakeEraServesTheSkill() throws Exception {
        servesTheSkill(false);
    }

    @Test
    void modernEraServesTheSkillWithCacheHints() throws Exception {
        servesTheSkill(true);
    }

    private void servesTheSkill(boolean modern) throws Exception {
        try (MemoryWire wire = new MemoryWire(server(100))) {
            BiFunction<String, String, JsonRpcMessage> send = era(wire, modern);

            JsonNode list = result(send.apply("skills/list", ""));
            assertThat(list.has("nextCursor")).isFalse();
            assertThat(list.has("ttlMs") && list.has("cacheScope")).isEqualTo(modern);
            List<Skill> skills = new ArrayList<>();
            list.path("skills").forEach(s -> skills.add(Json.treeToValue(s, Skill.class)));
            assertThat(skills).extracting(Skill::uri).containsExactly("skill://csv-tools/SKILL.md", "skill://pdf-processing/SKILL.md");
            Skill pdf = skills.get(1);
            assertThat(pdf.name()).isEqualTo("pdf-processing");
            assertThat(list.path("skills").get(1).properties()).extracting(java.util.Map.Entry::getKey)
                    .containsExactly("uri", "frontmatter", "resources");

            // Every listed file reads back with the listed size and digest.
            List<SkillResource> files = pdf.files().orElseThrow();
            assertThat(files).extracting(SkillResource::uri)
                    .containsExactly("skill://pdf-processing/SKILL.md", "skill://pdf-processing/references/FORMS.md");
            for (SkillResource file : files) {
                ReadResourceResult read = Json.treeToValue(result(send.apply("resources/read",
                        "\"uri\":\"" + file.uri() + "\"")), ReadResourceResult.class);
                byte[] bytes = ((TextResourceContents) read.contents().get(0)).text().getBytes(StandardCharsets.UTF_8);
                assertThat(bytes.length).isEqualTo(file.size());
                assertThat(sha256(bytes)).isEqualTo(file.digest());
            }
            assertThat(sha256(SKILL_MD.getBytes(StandardCharsets.UTF_8))).isEqualTo(files.get(0).digest());

            // SKILL.md and FORMS.md are listed resources; SKILL.md as text/markdown named from its frontmatter.
            JsonNode resources = result(send.apply("resources/list", ""));
            List<Resource> listed = new ArrayList<>();
            resources.path("resources").forEach(r -> listed.add(Json.treeToValue(r, Resource.class)));
            Resource skillMd = listed.stream().filter(r -> r.uri().equals(pdf.uri())).findFirst().orElseThrow();
            assertThat(skillMd.mimeType()).contains("text/markdown");
            assertThat(skillMd.name()).isEqualTo("pdf-processing");
            assertThat(skillMd.description()).contains("Extract, fill, and assemble PDF documents");

            JsonNode get = result(send.apply("skills/get", "\"uri\":\"skill://pdf-processing/SKILL.md\""));
            assertThat(Json.treeToValue(get.path("skill"), Skill.class)).isEqualTo(pdf);
            assertThat(get.has("nextCursor")).isFalse();
            assertThat(get.has("ttlMs") && get.has("cacheScope")).isEqualTo(modern);
            assertThat(errorCode(send.apply("skills/get", "\"uri\":\"skill://nope/SKILL.md\""))).isEqualTo(-32602);

            JsonNode root = result(send.apply("resources/directory/read", "\"uri\":\"skill://pdf-processing\""));
            assertThat(root.path("resources").findValuesAsString("uri"))
                    .containsExactly("skill://pdf-processing/SKILL.md", "skill://pdf-processing/references");
            assertThat(root.path("resources").get(1).path("mimeType").asString()).isEqualTo("inode/directory");
            JsonNode references = result(send.apply("resources/directory/read", "\"uri\":\"skill://pdf-processing/references\""));
            assertThat(references.path("resources").findValuesAsString("uri"))
                    .containsExactly("skill://pdf-processing/references/FORMS.md");
            for (String notADirectory : List.of("skill://pdf-processing/SKILL.md", "skill://pdf-processing/references/",
                    "skill://pdf-processing/../csv-tools", "skill://nope")) {
                assertThat(errorCode(send.apply("resources/directory/read", "\"uri\":\"" + notADirectory + "\"")))
                        .as(notADirectory).isEqualTo(-32602);
            }
        }
    }

    @Test
    void pagesSkillsAndDirectoriesWholeEntriesAtATime() throws Exception {
        try (MemoryWire wire = new MemoryWire(server(1))) {
            BiFunction<String, String, JsonRpcMessage> send = era(wire, true);
            JsonNode first = result(send.apply("skills/list", ""));
            assertThat(first.path("skills").size()).isEqualTo(1);
            JsonNode second = result(send.apply("skills/list", "\"cursor\":\"" + first.path("nextCursor").asString() + "\""));
            assertThat(second.path("skills").size()).isEqualTo(1);
            assertThat(second.has("nextCursor")).isFalse();
            assertThat(second.path("skills").get(0).path("resources").size()).isEqualTo(2);

            JsonNode page = result(send.apply("resources/directory/read", "\"uri\":\"skill://pdf-processing\""));
            assertThat(page.path("resources").size()).isEqualTo(1);
            JsonNode next = result(send.apply("resources/directory/read",
                    "\"uri\":\"skill://pdf-processing\",\"cursor\":\"" + page.path("nextCursor").asString() + "\""));
            assertThat(next.path("resources").get(0).path("uri").asString()).isEqualTo("skill://pdf-processing/references");
        }
    }

    @Test
    void skillsStayWhenAChangingOfferIsReplaced() throws Exception {
        Path dir = Files.createDirectories(temp.resolve("notes"));
        Files.writeString(dir.resolve("SKILL.md"), "---\nname: notes\ndescription: Notes\n---\n");
        McpServer server = McpServer.builder().changingOffer().skill(SkillDirectory.load(dir)).build();
        server.offer(io.mcphost.server.ServerOffer.empty());
        try (MemoryWire wire = new MemoryWire(server)) {
            BiFunction<String, String, JsonRpcMessage> send = era(wire, true);
            assertThat(result(send.apply("skills/list", "")).path("skills").size()).isEqualTo(1);
            assertThat(result(send.apply("resources/list", "")).path("resources").findValuesAsString("uri"))
                    .containsExactly("skill://notes/SKILL.md");
        }
    }

    @Test
    void aServerWithoutSkillsAnnouncesNoneAndRefusesTheMethods() {
        try (MemoryWire wire = new MemoryWire(ModernFixtures.server())) {
            JsonNode discover = result(wire.send("server/discover", params("", "{}")));
            assertThat(discover.path("capabilities").path("extensions").has("io.modelcontextprotocol/skills")).isFalse();
            assertThat(errorCode(wire.send("skills/list", params("", "{}")))).isEqualTo(-32601);
        }
    }

    @Test
    void discoverAnnouncesTheExtensionWithDirectoryReadAndResources() throws Exception {
        try (MemoryWire wire = new MemoryWire(server(100))) {
            JsonNode caps = result(wire.send("server/discover", params("", "{}"))).path("capabilities");
            assertThat(caps.path("extensions").path("io.modelcontextprotocol/skills").toString()).isEqualTo("{\"directoryRead\":true}");
            assertThat(caps.has("resources")).isTrue();
        }
    }
}
