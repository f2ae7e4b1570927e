package io.mcphost.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mcphost.client.LoadedSkill;
import io.mcphost.client.SkillVerificationException;
import io.mcphost.protocol.Json;
import io.mcphost.protocol.skills.Skill;
import io.mcphost.protocol.skills.SkillResource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The path rules of {@code skill -o DIR} and what the export does on disk, with a loaded skill served from memory. */
class SkillExportTest {
    @TempDir
    Path temp;

    @ParameterizedTest
    @ValueSource(strings = {"", "/etc/passwd", "a//b", "a/", "./a", "a/../b", "..", "a\\b", "C:/x", "c:x", "a/D:x",
        "a%2Fb", "a%5cb", "%2e%2e/x", "a/%2E", "tab\there", "nul\u0000", "del\u007f", "%zz", "%c3%28", "%00x"})
    void unsafeRelativePathsAreRefused(String path) {
        assertThatThrownBy(() -> SkillExport.segments(path)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void safePathsArePercentDecodedOnce() {
        assertThat(SkillExport.segments("references/FORMS.md")).containsExactly("references", "FORMS.md");
        assertThat(SkillExport.segments("a%20b/%C3%A9t%C3%A9.md")).containsExactly("a b", "été.md");
        assertThat(SkillExport.segments("100%2541.md")).containsExactly("100%41.md"); // once, not twice
        assertThat(SkillExport.segments("..a/b..")).containsExactly("..a", "b..");
    }

    @Test
    void serverNamesBecomeOneSafeDirectoryName() {
        assertThat(SkillExport.label("github")).isEqualTo("github");
        assertThat(SkillExport.label("my server/1")).isEqualTo("my_server_1");
        assertThat(SkillExport.label("..")).isEqualTo("_..");
    }

    @Test
    void aSymbolicLinkOnTheWayOutOfDirIsRefusedAndNothingIsLeft() throws IOException {
        Path out = Files.createDirectories(temp.resolve("out"));
        Path elsewhere = Files.createDirectories(temp.resolve("elsewhere"));
        Files.createSymbolicLink(out.resolve("srv"), elsewhere);

        assertThatThrownBy(() -> SkillExport.export("srv", skill(), out)).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("leads out of");
        assertThat(tree(elsewhere)).isEmpty();
        assertThat(tree(out)).containsExactly(out.resolve("srv"));
    }

    @Test
    void anExistingSkillDirectoryIsNeverOverwritten() throws IOException {
        Path out = temp.resolve("out");
        SkillExport.Result first = SkillExport.export("srv", skill(), out);
        Files.writeString(first.directory().resolve("SKILL.md"), "edited");

        assertThat(first.files()).containsExactly("SKILL.md", "references/FORMS.md");
        assertThatThrownBy(() -> SkillExport.export("srv", skill(), out)).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("already exists");
        assertThat(first.directory().resolve("SKILL.md")).hasContent("edited");
    }

    @Test
    void twoUrisNamingOneFileAreRefusedBeforeAnythingIsRead() {
        List<String> read = new ArrayList<>();
        LoadedSkill skill = skill(Map.of("skill://s/SKILL.md", "---\n", "skill://s/a%20b", "1", "skill://s/a b", "2"), read);

        assertThatThrownBy(() -> SkillExport.export("srv", skill, temp.resolve("out")))
                .isInstanceOf(SkillVerificationException.class).hasMessageContaining("the same file");
        assertThat(read).isEmpty();
        assertThat(temp.resolve("out")).doesNotExist();
    }

    private static LoadedSkill skill() {
        return skill(Map.of("skill://s/SKILL.md", "---\nname: s\n---\n", "skill://s/references/FORMS.md", "forms\n"), new ArrayList<>());
    }

    /** A loaded skill whose files are {@code files} (SKILL.md first), recording what is read. */
    private static LoadedSkill skill(Map<String, String> files, List<String> read) {
        List<SkillResource> listed = Stream.concat(Stream.of("skill://s/SKILL.md"),
                        files.keySet().stream().filter(u -> !u.endsWith("SKILL.md")).sorted())
                .map(uri -> new SkillResource(uri, "sha256:" + "0".repeat(64), files.get(uri).length())).toList();
        Skill entry = Skill.of("skill://s/SKILL.md", Json.newObject().put("name", "s"), listed);
        return new LoadedSkill() {
            @Override
            public Skill entry() {
                return entry;
            }

            @Override
            public String instructions() {
                return files.get("skill://s/SKILL.md");
            }

            @Override
            public byte[] file(String uri) {
                read.add(uri);
                return files.get(uri).getBytes(StandardCharsets.UTF_8);
            }
        };
    }

    private static List<Path> tree(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(p -> !p.equals(root)).toList();
        }
    }
}
