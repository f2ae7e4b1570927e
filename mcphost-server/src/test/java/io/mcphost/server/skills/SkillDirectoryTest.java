package io.mcphost.server.skills;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.protocol.content.BlobResourceContents;
import io.mcphost.protocol.content.TextResourceContents;
import io.mcphost.protocol.resources.Resource;
import io.mcphost.protocol.skills.SkillResource;
import io.mcphost.protocol.skills.SkillsProtocol;
import io.mcphost.server.McpServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loading a skill from a directory: what it serves, and every refusal. */
class SkillDirectoryTest {
    static final String SKILL_MD = """
            ---
            name: pdf-processing
            description: Extract, fill, and assemble PDF documents
            license: Apache-2.0
            metadata:
              version: "1.2"
              tags: [pdf, forms]
            ---
            # PDF processing

            Skill body. See [forms](references/FORMS.md).
            """;
    static final String FORMS_MD = "# Forms\n\nFill them in. é\n";

    @TempDir
    Path temp;

    /** pdf-processing/SKILL.md and pdf-processing/references/FORMS.md under {@code parent}. */
    static Path pdfSkill(Path parent) throws IOException {
        Path dir = Files.createDirectories(parent.resolve("pdf-processing"));
        Files.writeString(dir.resolve("SKILL.md"), SKILL_MD);
        Files.createDirectories(dir.resolve("references"));
        Files.writeString(dir.resolve("references/FORMS.md"), FORMS_MD);
        return dir;
    }

    static String sha256(byte[] bytes) throws Exception {
        return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    @Test
    void loadsTheFrontmatterAndEveryFileWithSizeAndDigest() throws Exception {
        SkillDirectory skill = SkillDirectory.load(pdfSkill(temp));

        assertThat(skill.uri()).isEqualTo("skill://pdf-processing/SKILL.md");
        assertThat(skill.directoryUri()).isEqualTo("skill://pdf-processing");
        assertThat(skill.name()).isEqualTo("pdf-processing");
        assertThat(skill.description()).isEqualTo("Extract, fill, and assemble PDF documents");
        assertThat(skill.entry().frontmatter().path("license").asString()).isEqualTo("Apache-2.0");
        assertThat(skill.entry().frontmatter().path("metadata").path("version").asString()).isEqualTo("1.2");
        assertThat(skill.entry().frontmatter().path("metadata").path("tags").size()).isEqualTo(2);
        byte[] skillBytes = SKILL_MD.getBytes(StandardCharsets.UTF_8);
        byte[] formsBytes = FORMS_MD.getBytes(StandardCharsets.UTF_8);
        assertThat(skill.entry().files()).contains(List.of(
                new SkillResource("skill://pdf-processing/SKILL.md", sha256(skillBytes), skillBytes.length),
                new SkillResource("skill://pdf-processing/references/FORMS.md", sha256(formsBytes), formsBytes.length)));
        assertThat(skill.entry().files().orElseThrow()).allMatch(f -> SkillsProtocol.DIGEST.matcher(f.digest()).matches());

        List<Resource> resources = skill.resources();
        assertThat(resources.get(0).name()).isEqualTo("pdf-processing");
        assertThat(resources.get(0).description()).contains("Extract, fill, and assemble PDF documents");
        assertThat(resources.get(0).mimeType()).contains("text/markdown");
        assertThat(resources.get(1).name()).isEqualTo("references/FORMS.md");
        TextResourceContents forms = (TextResourceContents) skill.read("skill://pdf-processing/references/FORMS.md")
                .orElseThrow().contents().get(0);
        assertThat(forms.text().getBytes(StandardCharsets.UTF_8)).isEqualTo(formsBytes);
        assertThat(skill.read("skill://pdf-processing/nothing.md")).isEmpty();
    }

    @Test
    void servesWhatWasReadAtLoadTimeAndBinaryFilesAsBlobs() throws Exception {
        Path dir = pdfSkill(temp);
        byte[] binary = {(byte) 0xff, 0, (byte) 0xfe, 1};
        Files.write(dir.resolve("logo.png"), binary);
        SkillDirectory skill = SkillDirectory.load(dir);
        Files.writeString(dir.resolve("SKILL.md"), "changed");

        assertThat(((TextResourceContents) skill.read(skill.uri()).orElseThrow().contents().get(0)).text()).isEqualTo(SKILL_MD);
        BlobResourceContents logo = (BlobResourceContents) skill.read("skill://pdf-processing/logo.png").orElseThrow()
                .contents().get(0);
        assertThat(logo.mimeType()).contains("image/png");
        assertThat(java.util.Base64.getDecoder().decode(logo.blob())).isEqualTo(binary);
    }

    @Test
    void servesUnderAnAuthorityAndEncodesFileNames() throws Exception {
        Path dir = pdfSkill(temp);
        Files.writeString(dir.resolve("two words.txt"), "x");
        SkillDirectory skill = SkillDirectory.load(dir, "acme.example/pdf-processing");

        assertThat(skill.uri()).isEqualTo("skill://acme.example/pdf-processing/SKILL.md");
        assertThat(skill.resources()).extracting(Resource::uri).contains("skill://acme.example/pdf-processing/two%20words.txt");
    }

    @Test
    void refusesABadName() throws Exception {
        Path dir = Files.createDirectories(temp.resolve("Bad--Name"));
        Files.writeString(dir.resolve("SKILL.md"), "---\nname: Bad--Name\ndescription: d\n---\n");

        assertThatThrownBy(() -> SkillDirectory.load(dir)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("breaks the naming rule");
    }

    @Test
    void refusesANameThatDiffersFromTheDirectory() throws Exception {
        Path dir = Files.createDirectories(temp.resolve("pdf"));
        Files.writeString(dir.resolve("SKILL.md"), SKILL_MD);

        assertThatThrownBy(() -> SkillDirectory.load(dir)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("differs from the skill path's last segment 'pdf'");
    }

    @Test
    void refusesAMissingOrIncompleteFrontmatterAndAMissingSkillFile() throws Exception {
        Path dir = Files.createDirectories(temp.resolve("notes"));
        assertThatThrownBy(() -> SkillDirectory.load(dir)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has no SKILL.md");

        Files.writeString(dir.resolve("SKILL.md"), "# Notes\nno frontmatter\n");
        assertThatThrownBy(() -> SkillDirectory.load(dir)).hasMessageContaining("does not start with a YAML frontmatter block");

        Files.writeString(dir.resolve("SKILL.md"), "---\nname: notes\ndescription: d\n");
        assertThatThrownBy(() -> SkillDirectory.load(dir)).hasMessageContaining("not closed");

        Files.writeString(dir.resolve("SKILL.md"), "---\nname: notes\n---\nbody\n");
        assertThatThrownBy(() -> SkillDirectory.load(dir)).hasMessageContaining("no non-empty string 'description'");

        Files.writeString(dir.resolve("SKILL.md"), "---\nname: [notes\ndescription: d\n---\n");
        assertThatThrownBy(() -> SkillDirectory.load(dir)).hasMessageContaining("not valid YAML");
    }

    @Test
    void refusesASymbolicLinkLeavingTheRootButServesOneInside() throws Exception {
        Path dir = pdfSkill(temp);
        Files.createSymbolicLink(dir.resolve("copy.md"), dir.resolve("references/FORMS.md"));
        assertThat(SkillDirectory.load(dir).resources()).extracting(Resource::uri).contains("skill://pdf-processing/copy.md");

        Path secret = Files.writeString(temp.resolve("secret.txt"), "secret");
        Files.createSymbolicLink(dir.resolve("references/leak.txt"), secret);
        assertThatThrownBy(() -> SkillDirectory.load(dir)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("symbolic link leaving the skill directory");
    }

    @Test
    void refusesMoreFilesOrBytesThanTheLimits() throws Exception {
        Path dir = pdfSkill(temp);
        for (int i = 0; i < SkillsProtocol.MAX_RESOURCES - 1; i++) {
            Files.writeString(dir.resolve("f" + i + ".txt"), "x");
        }
        assertThatThrownBy(() -> SkillDirectory.load(dir)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("more than 512 files");

        Path big = pdfSkill(Files.createDirectories(temp.resolve("big")));
        Files.write(big.resolve("big.bin"), new byte[(int) SkillsProtocol.MAX_TOTAL_BYTES]);
        assertThatThrownBy(() -> SkillDirectory.load(big)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("more than 16777216 bytes");
    }

    @Test
    void registersEverySkillOfAParentAndRefusesDuplicates() throws Exception {
        pdfSkill(temp);
        Files.createDirectories(temp.resolve("not-a-skill"));
        McpServer.Builder builder = McpServer.builder().skillsFrom(temp);

        assertThatThrownBy(() -> builder.skill(SkillDirectory.load(temp.resolve("pdf-processing"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("already registered");
        assertThatThrownBy(() -> McpServer.builder().skillsFrom(temp.resolve("absent")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not a directory");
    }
}
